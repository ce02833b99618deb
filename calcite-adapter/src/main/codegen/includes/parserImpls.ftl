<#--
  RockLake's grammar extension, included into calcite-core's Parser.jj by FMPP.
  Each production parses one PostgreSQL form that DuckDB's ducklake/postgres
  extensions send and that Calcite core lacks. See docs/sql-dialect.md.
-->

/**
 * The statements of one Query message: separated by semicolons, with empty statements (leading,
 * doubled or trailing semicolons, or no statement at all) skipped. Unlike Calcite's SqlStmtList,
 * accepts an empty text.
 */
List<SqlNode> RockLakeStatementList() :
{
    final List<SqlNode> statements = new ArrayList<SqlNode>();
    SqlNode statement;
}
{
    ( <SEMICOLON> )*
    [
        statement = SqlStmt() { statements.add(statement); }
        (
            <SEMICOLON>
            [ statement = SqlStmt() { statements.add(statement); } ]
        )*
    ]
    <EOF>
    { return statements; }
}

/** COPY (query) TO STDOUT [WITH] (copyOptions) | COPY table [(columns)] FROM STDIN [WITH] (copyOptions) */
SqlNode RockLakeCopy() :
{
    final Span s;
    final SqlNode query;
    final SqlIdentifier table;
    SqlNodeList columns = null;
    SqlNodeList copyOptions = SqlNodeList.EMPTY;
}
{
    <COPY> { s = span(); }
    (
        <LPAREN> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) <RPAREN>
        <TO> <STDOUT>
        [ copyOptions = CopyOptionList() ]
        { return new SqlCopyTo(s.end(this), query, copyOptions); }
    |
        table = CompoundTableIdentifier()
        [ columns = ParenthesizedSimpleIdentifierList() ]
        <FROM> <STDIN>
        [ copyOptions = CopyOptionList() ]
        { return new SqlCopyFrom(s.end(this), table, columns, copyOptions); }
    )
}

SqlNodeList CopyOptionList() :
{
    final Span s;
    final List<SqlNode> list = new ArrayList<SqlNode>();
}
{
    [ <WITH> ]
    <LPAREN> { s = span(); }
    CopyOption(list)
    ( <COMMA> CopyOption(list) )*
    <RPAREN>
    { return new SqlNodeList(list, s.end(this)); }
}

/** One COPY option: a name (FORMAT, NULL, DELIMITER, HEADER, ...) and an optional value. */
void CopyOption(List<SqlNode> list) :
{
    final Span s;
    final String name;
    SqlNode value = null;
}
{
    { s = span(); }
    (
        <NULL> { name = "NULL"; }
    |
        name = Identifier()
    )
    [
        value = StringLiteral()
    |
        value = NumericLiteral()
    |
        value = DynamicParam()
    |
        <TRUE> { value = SqlLiteral.createBoolean(true, getPos()); }
    |
        <FALSE> { value = SqlLiteral.createBoolean(false, getPos()); }
    |
        <BINARY> { value = new SqlIdentifier("binary", getPos()); }
    |
        value = SimpleIdentifier()
    ]
    { list.add(new SqlCopyOption(s.end(this), name.toUpperCase(Locale.ROOT), value)); }
}

/**
 * A statement that starts with WITH: either a query (as Calcite parses it) or
 * PostgreSQL's WITH ... UPDATE, which DuckLake uses to update from a VALUES list.
 */
SqlNode RockLakeWithStatement() :
{
    final SqlNodeList withList;
    SqlNode e;
    final List<Object> list = new ArrayList<Object>();
}
{
    withList = WithList()
    (
        e = RockLakeUpdate() {
            return new SqlWith(withList.getParserPosition(), withList, e);
        }
    |
        e = LeafQueryOrExpr(ExprContext.ACCEPT_QUERY) { list.add(e); }
        ( AddSetOpQuery(list, ExprContext.ACCEPT_QUERY) )*
        { e = addWith(withList, SqlParserUtil.toTree(list)); }
        e = OrderByLimitOpt(e)
        { return e; }
    )
}

/**
 * UPDATE table [[AS] alias] SET col = expr [, ...] [FROM from_list] [WHERE cond].
 * Without FROM this is Calcite's SqlUpdate; with FROM it is SqlUpdateFrom.
 */
SqlNode RockLakeUpdate() :
{
    final Span s;
    final SqlIdentifier table;
    final SqlIdentifier alias;
    final SqlNodeList targetColumns;
    final SqlNodeList sourceExpressions;
    SqlNode from = null;
    SqlNode where = null;
}
{
    <UPDATE> {
        s = span();
        targetColumns = new SqlNodeList(s.pos());
        sourceExpressions = new SqlNodeList(s.pos());
    }
    table = CompoundTableIdentifier()
    ( [ <AS> ] alias = SimpleIdentifier() | { alias = null; } )
    <SET> UpdateAssignment(targetColumns, sourceExpressions)
    ( <COMMA> UpdateAssignment(targetColumns, sourceExpressions) )*
    [ <FROM> from = FromClause() ]
    [ where = Where() ]
    {
        final SqlParserPos pos = s.end(this);
        if (from == null) {
            return new SqlUpdate(pos, table, targetColumns, sourceExpressions,
                where, null, alias);
        }
        return new SqlUpdateFrom(pos, table, alias, targetColumns,
            sourceExpressions, from, where);
    }
}

void UpdateAssignment(SqlNodeList targetColumns, SqlNodeList sourceExpressions) :
{
    final SqlIdentifier column;
    final SqlNode value;
}
{
    column = CompoundIdentifier() <EQ>
    ( value = Default() | value = Expression(ExprContext.ACCEPT_SUB_QUERY) )
    {
        targetColumns.add(column);
        sourceExpressions.add(value);
    }
}

/** ALTER TABLE [IF EXISTS] t ADD [COLUMN] ... | DROP [COLUMN] ... | RENAME [COLUMN] a TO b | RENAME TO t2 */
SqlNode RockLakeAlterTable() :
{
    final Span s;
    boolean ifExists = false;
    final SqlIdentifier table;
    final SqlNode action;
}
{
    <ALTER> { s = span(); } <TABLE>
    [ LOOKAHEAD(2) <IF> <EXISTS> { ifExists = true; } ]
    table = CompoundTableIdentifier()
    (
        action = AlterTableAddColumn()
    |
        action = AlterTableDropColumn()
    |
        action = AlterTableRename()
    )
    { return new SqlPgAlterTable(s.end(this), ifExists, table, (SqlAlterTableAction) action); }
}

SqlNode AlterTableAddColumn() :
{
    final Span s;
    boolean ifNotExists = false;
    final SqlNode column;
}
{
    <ADD> { s = span(); } [ LOOKAHEAD(2) <COLUMN> ]
    [ LOOKAHEAD(3) <IF> <NOT> <EXISTS> { ifNotExists = true; } ]
    column = ColumnDefinition()
    { return SqlAlterTableAction.addColumn(s.end(this), ifNotExists, (SqlColumnDefinition) column); }
}

SqlNode AlterTableDropColumn() :
{
    final Span s;
    boolean ifExists = false;
    final SqlIdentifier column;
    boolean cascade = false;
}
{
    <DROP> { s = span(); } [ LOOKAHEAD(2) <COLUMN> ]
    [ LOOKAHEAD(2) <IF> <EXISTS> { ifExists = true; } ]
    column = SimpleIdentifier()
    [ <CASCADE> { cascade = true; } | <RESTRICT> ]
    { return SqlAlterTableAction.dropColumn(s.end(this), ifExists, column, cascade); }
}

SqlNode AlterTableRename() :
{
    final Span s;
    final SqlIdentifier from;
    final SqlIdentifier to;
}
{
    <RENAME> { s = span(); }
    (
        <TO> to = SimpleIdentifier()
        { return SqlAlterTableAction.renameTable(s.end(this), to); }
    |
        [ LOOKAHEAD(2) <COLUMN> ]
        from = SimpleIdentifier() <TO> to = SimpleIdentifier()
        { return SqlAlterTableAction.renameColumn(s.end(this), from, to); }
    )
}

/** LISTEN channel | UNLISTEN { channel | * } */
SqlNode RockLakeListen() :
{
    final Span s;
    SqlIdentifier channel = null;
    final boolean listen;
}
{
    (
        <LISTEN> { s = span(); listen = true; } channel = SimpleIdentifier()
    |
        <UNLISTEN> { s = span(); listen = false; } ( <STAR> | channel = SimpleIdentifier() )
    )
    { return new SqlListen(s.end(this), listen, channel == null ? null : channel.getSimple()); }
}

/** DISCARD { ALL | PLANS | SEQUENCES | TEMPORARY | TEMP } */
SqlNode RockLakeDiscard() :
{
    final Span s;
    final SqlDiscard.Target target;
}
{
    <DISCARD> { s = span(); }
    (
        <ALL> { target = SqlDiscard.Target.ALL; }
    |   <PLANS> { target = SqlDiscard.Target.PLANS; }
    |   <SEQUENCES> { target = SqlDiscard.Target.SEQUENCES; }
    |   ( <TEMPORARY> | <TEMP> ) { target = SqlDiscard.Target.TEMPORARY; }
    )
    { return new SqlDiscard(s.end(this), target); }
}

/** BEGIN [WORK | TRANSACTION] [modes] | START TRANSACTION [modes] */
SqlNode RockLakeBegin() :
{
    final Span s;
    final TransactionModes modes = new TransactionModes();
}
{
    (
        <BEGIN> { s = span(); } [ <WORK> | <TRANSACTION> ]
    |
        <START> { s = span(); } <TRANSACTION>
    )
    [ TransactionModeList(modes) ]
    { return new SqlBeginTransaction(s.end(this), modes); }
}

void TransactionModeList(TransactionModes modes) :
{
}
{
    TransactionMode(modes)
    ( [ <COMMA> ] TransactionMode(modes) )*
}

/** ISOLATION LEVEL ... | READ ONLY | READ WRITE | [NOT] DEFERRABLE (PostgreSQL allows them space-separated) */
void TransactionMode(TransactionModes modes) :
{
}
{
    <ISOLATION> <LEVEL>
    (
        <SERIALIZABLE> { modes.isolation = TransactionModes.Isolation.SERIALIZABLE; }
    |
        <REPEATABLE> <READ> { modes.isolation = TransactionModes.Isolation.REPEATABLE_READ; }
    |
        LOOKAHEAD(2) <READ> <COMMITTED> { modes.isolation = TransactionModes.Isolation.READ_COMMITTED; }
    |
        <READ> <UNCOMMITTED> { modes.isolation = TransactionModes.Isolation.READ_UNCOMMITTED; }
    )
|
    LOOKAHEAD(2) <READ> <ONLY> { modes.readOnly = Boolean.TRUE; }
|
    <READ> <WRITE> { modes.readOnly = Boolean.FALSE; }
|
    <DEFERRABLE> { modes.deferrable = Boolean.TRUE; }
|
    <NOT> <DEFERRABLE> { modes.deferrable = Boolean.FALSE; }
}

/** COMMIT [WORK | TRANSACTION] [AND [NO] CHAIN] */
SqlNode RockLakeCommit() :
{
    final Span s;
    boolean chain = false;
}
{
    <COMMIT> { s = span(); } [ <WORK> | <TRANSACTION> ]
    [ <AND> ( <CHAIN> { chain = true; } | <NO> <CHAIN> ) ]
    { return new SqlEndTransaction(s.end(this), SqlEndTransaction.Outcome.COMMIT, chain); }
}

/** ROLLBACK [WORK | TRANSACTION] [AND [NO] CHAIN] */
SqlNode RockLakeRollback() :
{
    final Span s;
    boolean chain = false;
}
{
    <ROLLBACK> { s = span(); } [ <WORK> | <TRANSACTION> ]
    [ <AND> ( <CHAIN> { chain = true; } | <NO> <CHAIN> ) ]
    { return new SqlEndTransaction(s.end(this), SqlEndTransaction.Outcome.ROLLBACK, chain); }
}

/** SHOW name | SHOW ALL | SHOW TIME ZONE | SHOW TRANSACTION ISOLATION LEVEL */
SqlNode RockLakeShow() :
{
    final Span s;
    final SqlIdentifier name;
}
{
    <SHOW> { s = span(); }
    (
        <ALL> { name = new SqlIdentifier("all", getPos()); }
    |
        <TIME> <ZONE> { name = new SqlIdentifier("timezone", getPos()); }
    |
        LOOKAHEAD(3) <TRANSACTION> <ISOLATION> <LEVEL> {
            name = new SqlIdentifier("transaction_isolation", getPos());
        }
    |
        name = CompoundIdentifier()
    )
    { return new SqlShowParameter(s.end(this), name); }
}

/**
 * SET [SESSION | LOCAL] name { TO | = } { value [, ...] | DEFAULT } | SET [SESSION | LOCAL] TIME ZONE value
 * | SET TRANSACTION modes | SET SESSION CHARACTERISTICS AS TRANSACTION modes
 */
SqlNode RockLakeSet() :
{
    final Span s;
    final TransactionModes modes = new TransactionModes();
    final SqlNode value;
}
{
    <SET> { s = span(); }
    (
        LOOKAHEAD(2) <SESSION> <CHARACTERISTICS> <AS> <TRANSACTION> TransactionModeList(modes) {
            return new SqlSetTransaction(s.end(this), SqlSetTransaction.Target.SESSION_DEFAULT,
                modes);
        }
    |
        LOOKAHEAD(<TRANSACTION> (<ISOLATION> | <READ> | <DEFERRABLE> | <NOT>))
        <TRANSACTION> TransactionModeList(modes) {
            return new SqlSetTransaction(s.end(this), SqlSetTransaction.Target.CURRENT_TRANSACTION,
                modes);
        }
    |
        value = SetParameter(s) { return value; }
    )
}

/** The parameter forms of SET, after the SET keyword. */
SqlNode SetParameter(Span s) :
{
    SqlSetParameter.Scope scope = SqlSetParameter.Scope.SESSION_DEFAULT;
    final SqlIdentifier name;
    final List<SqlNode> values = new ArrayList<SqlNode>();
    SqlNode value;
}
{
    [
        LOOKAHEAD({ (getToken(1).kind == SESSION || getToken(1).kind == LOCAL)
            && getToken(2).kind != EQ && getToken(2).kind != TO })
        (
            <SESSION> { scope = SqlSetParameter.Scope.SESSION; }
        |
            <LOCAL> { scope = SqlSetParameter.Scope.LOCAL; }
        )
    ]
    (
        <TIME> <ZONE> { name = new SqlIdentifier("timezone", getPos()); }
        (
            <LOCAL> { values.add(SqlLiteral.createCharString("LOCAL", getPos())); }
        |
            value = SetParameterValue() { values.add(value); }
        )
    |
        name = CompoundIdentifier()
        ( <EQ> | <TO> )
        value = SetParameterValue() { values.add(value); }
        ( <COMMA> value = SetParameterValue() { values.add(value); } )*
    )
    { return new SqlSetParameter(s.end(this), scope, name, new SqlNodeList(values, s.pos())); }
}

SqlNode SetParameterValue() :
{
    final SqlNode value;
}
{
    (
        value = Default()
    |
        value = Literal()
    |
        value = DynamicParam()
    |
        <ON> { value = new SqlIdentifier("on", getPos()); }
    |
        value = SimpleIdentifier()
    )
    { return value; }
}

/** RESET name | RESET ALL */
SqlNode RockLakeReset() :
{
    final Span s;
    final SqlIdentifier name;
}
{
    <RESET> { s = span(); }
    (
        <ALL> { name = new SqlIdentifier("all", getPos()); }
    |
        name = CompoundIdentifier()
    )
    { return new SqlResetParameter(s.end(this), name); }
}

/** CREATE SCHEMA [IF NOT EXISTS] name (Calcite's own SqlCreateSchema node). */
SqlCreate RockLakeCreateSchema(Span s, boolean replace) :
{
    boolean ifNotExists = false;
    final SqlIdentifier name;
}
{
    <SCHEMA>
    [ LOOKAHEAD(3) <IF> <NOT> <EXISTS> { ifNotExists = true; } ]
    name = CompoundIdentifier()
    { return SqlDdlNodes.createSchema(s.end(this), replace, ifNotExists, name); }
}

/**
 * CREATE [ { LOCAL | GLOBAL } { TEMPORARY | TEMP } ] TABLE [IF NOT EXISTS] name
 *   ( column_definition | table_constraint [, ...] )
 *   [ ON COMMIT { DROP | PRESERVE ROWS | DELETE ROWS } ]
 */
SqlCreate RockLakeCreateTable(Span s, boolean replace) :
{
    boolean temporary = false;
    boolean ifNotExists = false;
    final SqlIdentifier name;
    final List<SqlNode> elements = new ArrayList<SqlNode>();
    final Span es;
    SqlPgCreateTable.OnCommit onCommit = SqlPgCreateTable.OnCommit.UNSPECIFIED;
}
{
    [ <LOCAL> | <GLOBAL> ]
    [ ( <TEMPORARY> | <TEMP> ) { temporary = true; } ]
    <TABLE>
    [ LOOKAHEAD(3) <IF> <NOT> <EXISTS> { ifNotExists = true; } ]
    name = CompoundTableIdentifier()
    <LPAREN> { es = span(); }
    TableElement(elements)
    ( <COMMA> TableElement(elements) )*
    <RPAREN>
    [
        <ON> <COMMIT>
        (
            <DROP> { onCommit = SqlPgCreateTable.OnCommit.DROP; }
        |
            <PRESERVE> <ROWS> { onCommit = SqlPgCreateTable.OnCommit.PRESERVE_ROWS; }
        |
            <DELETE> <ROWS> { onCommit = SqlPgCreateTable.OnCommit.DELETE_ROWS; }
        )
    ]
    {
        return new SqlPgCreateTable(s.end(this), replace, temporary, ifNotExists,
            name, new SqlNodeList(elements, es.end(this)), onCommit);
    }
}

void TableElement(List<SqlNode> elements) :
{
    final Span s;
    SqlIdentifier constraintName = null;
    final SqlNodeList columns;
    final SqlNode column;
}
{
    (
        { s = span(); }
        [ <CONSTRAINT> constraintName = SimpleIdentifier() ]
        (
            <PRIMARY> <KEY> columns = ParenthesizedSimpleIdentifierList() {
                elements.add(SqlDdlNodes.primary(s.end(this), constraintName, columns));
            }
        |
            <UNIQUE> columns = ParenthesizedSimpleIdentifierList() {
                elements.add(SqlDdlNodes.unique(s.end(this), constraintName, columns));
            }
        )
    |
        column = ColumnDefinition() { elements.add(column); }
    )
}

/** name type [ NOT NULL | NULL | PRIMARY KEY | UNIQUE | DEFAULT expr ]* */
SqlNode ColumnDefinition() :
{
    final Span s;
    final SqlIdentifier name;
    final SqlDataTypeSpec type;
    final SqlColumnDefinition.Constraints constraints = new SqlColumnDefinition.Constraints();
    SqlNode defaultValue;
}
{
    name = SimpleIdentifier() { s = span(); }
    type = DataType()
    (
        <NOT> <NULL> { constraints.notNull = true; }
    |
        <NULL> { constraints.notNull = false; }
    |
        <PRIMARY> <KEY> { constraints.primaryKey = true; }
    |
        <UNIQUE> { constraints.unique = true; }
    |
        <DEFAULT_> defaultValue = Expression(ExprContext.ACCEPT_SUB_QUERY) {
            constraints.defaultValue = defaultValue;
        }
    )*
    { return new SqlColumnDefinition(s.end(this), name, type, constraints); }
}

/** DROP TABLE [IF EXISTS] name [CASCADE | RESTRICT] */
SqlDrop RockLakeDropTable(Span s, boolean replace) :
{
    boolean ifExists = false;
    final SqlIdentifier name;
    boolean cascade = false;
}
{
    <TABLE>
    [ LOOKAHEAD(2) <IF> <EXISTS> { ifExists = true; } ]
    name = CompoundTableIdentifier()
    [ <CASCADE> { cascade = true; } | <RESTRICT> ]
    { return new SqlPgDropTable(s.end(this), ifExists, name, cascade); }
}

/**
 * PostgreSQL's unqualified INTERVAL type ({@code iv INTERVAL}, {@code '1 day'::INTERVAL}). Only
 * where no interval qualifier follows, so Calcite's {@code CAST(x AS INTERVAL DAY)} keeps its meaning.
 */
SqlTypeNameSpec PgIntervalTypeName() :
{
    final Span s;
}
{
    LOOKAHEAD({ getToken(1).kind == INTERVAL && getToken(2).kind != YEAR && getToken(2).kind != YEARS
        && getToken(2).kind != QUARTER && getToken(2).kind != QUARTERS && getToken(2).kind != MONTH
        && getToken(2).kind != MONTHS && getToken(2).kind != WEEK && getToken(2).kind != WEEKS
        && getToken(2).kind != DAY && getToken(2).kind != DAYS && getToken(2).kind != HOUR
        && getToken(2).kind != HOURS && getToken(2).kind != MINUTE && getToken(2).kind != MINUTES
        && getToken(2).kind != SECOND && getToken(2).kind != SECONDS })
    <INTERVAL> { s = span(); }
    {
        return new SqlUserDefinedTypeNameSpec(new SqlIdentifier("INTERVAL", s.pos()), s.pos());
    }
}

/** $1, $2, ...: PostgreSQL positional parameters become dynamic parameters 0, 1, ... */
SqlNode PgPositionalParameter() :
{
}
{
    <PG_POSITIONAL_PARAM> {
        if (token.image.length() > 6) {
            throw new ParseException("Parameter number out of range: " + token.image);
        }
        final int number = Integer.parseInt(token.image.substring(1));
        if (number < 1) {
            throw new ParseException("Parameter numbers start at $1: " + token.image);
        }
        return new SqlDynamicParam(number - 1, getPos());
    }
}

/**
 * PostgreSQL's infix cast, expr::type (as Calcite's Babel parser), including PostgreSQL's array
 * suffix, expr::VARCHAR[], which the postgres extension appends for unknown list types.
 */
void InfixCast(List<Object> list, ExprContext exprContext, Span s) :
{
    SqlDataTypeSpec dt;
}
{
    <INFIX_CAST> {
        checkNonQueryExpression(exprContext);
    }
    dt = DataType()
    (
        LOOKAHEAD(2) <LBRACKET> <RBRACKET> {
            dt = new SqlDataTypeSpec(
                new SqlCollectionTypeNameSpec(dt.getTypeNameSpec(), SqlTypeName.ARRAY,
                    getPos()),
                getPos());
        }
    )*
    {
        list.add(
            new SqlParserUtil.ToTreeListItem(SqlLibraryOperators.INFIX_CAST,
                s.pos()));
        list.add(dt);
    }
}

/**
 * PostgreSQL's postfix collation, expr COLLATE "C", also qualified by its schema as psql writes it
 * (COLLATE pg_catalog.default): the collation's own name is kept, and only pg_catalog may qualify it.
 */
void PostfixCollate(List<Object> list, ExprContext exprContext, Span s) :
{
    SqlIdentifier collation;
}
{
    <COLLATE> {
        checkNonQueryExpression(exprContext);
    }
    [
        LOOKAHEAD(2) PgCatalogQualifier()
    ]
    (
        collation = SimpleIdentifier()
    |
        <DEFAULT_> { collation = new SqlIdentifier("default", getPos()); }
    )
    {
        list.add(
            new SqlParserUtil.ToTreeListItem(RockLakeOperators.COLLATE,
                s.pos()));
        list.add(collation);
    }
}

/** The schema qualifying a PostgreSQL operator or collation: pg_catalog, where all of its own live. */
void PgCatalogQualifier() :
{
    final SqlIdentifier schema;
}
{
    schema = SimpleIdentifier() <DOT> {
        if (!schema.getSimple().equals("pg_catalog")) {
            throw new ParseException("only pg_catalog's operators and collations exist here, not "
                + schema.getSimple() + "'s");
        }
    }
}

/**
 * PostgreSQL's operator named by schema, a OPERATOR(pg_catalog.~) b, as psql writes its pattern
 * filters: the operator itself (~, ~*, !~, !~*, =, <>, <, <=, >, >=).
 */
void QualifiedOperator(List<Object> list, ExprContext exprContext, Span s) :
{
    SqlBinaryOperator op;
    final List<Object> operand;
}
{
    <OPERATOR> <LPAREN> {
        checkNonQueryExpression(exprContext);
    }
    [
        LOOKAHEAD(2) PgCatalogQualifier()
    ]
    (
        <NEGATE> <TILDE> { op = SqlStdOperatorTable.NEGATED_POSIX_REGEX_CASE_SENSITIVE; }
        [ <STAR> { op = SqlStdOperatorTable.NEGATED_POSIX_REGEX_CASE_INSENSITIVE; } ]
    |
        <TILDE> { op = SqlStdOperatorTable.POSIX_REGEX_CASE_SENSITIVE; }
        [ <STAR> { op = SqlStdOperatorTable.POSIX_REGEX_CASE_INSENSITIVE; } ]
    |
        <EQ> { op = SqlStdOperatorTable.EQUALS; }
    |
        <NE> { op = SqlStdOperatorTable.NOT_EQUALS; }
    |
        <LT> { op = SqlStdOperatorTable.LESS_THAN; }
    |
        <LE> { op = SqlStdOperatorTable.LESS_THAN_OR_EQUAL; }
    |
        <GT> { op = SqlStdOperatorTable.GREATER_THAN; }
    |
        <GE> { op = SqlStdOperatorTable.GREATER_THAN_OR_EQUAL; }
    )
    <RPAREN>
    operand = Expression2(ExprContext.ACCEPT_SUB_QUERY) {
        list.add(new SqlParserUtil.ToTreeListItem(op, s.pos()));
        list.addAll(operand);
    }
}

<DEFAULT, DQID, BTID, BQID> TOKEN :
{
    < PG_POSITIONAL_PARAM: "$" (["0"-"9"])+ >
}

/* PostgreSQL's regular-expression match operators ~, ~*, !~, !~* (Calcite's POSIX operators). */
<DEFAULT, DQID, BTID, BQID, BQHID> TOKEN :
{
    < NEGATE: "!" >
|   < TILDE: "~" >
}

/*
 * pg_catalog.unnest(...) in FROM, as psql's \d+ writes it: read as UNNEST itself (a reserved word,
 * which after "pg_catalog." the grammar would not take as a function name). The lexer matches the
 * longest text, so the qualified name wins over the identifier pg_catalog; the token then counts
 * as Calcite's own UNNEST keyword.
 */
<DEFAULT, DQID, BTID, BQID, BQHID> TOKEN :
{
    < PG_CATALOG_UNNEST: "pg_catalog.unnest" > { matchedToken.kind = UNNEST; }
}
