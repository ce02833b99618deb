package io.rocklake.pgwire.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A tid's text is read as PostgreSQL 15's {@code tidin} reads it; every case below is what
 * {@code SELECT $$text$$::tid} answered on PostgreSQL 15. The quoted form matters: the postgres
 * extension's UPDATE copies {@code '(0,1)'}, quotes and all, into its temporary table and casts it.
 */
class TidTextTest {
  private final TidCodec codec = new TidCodec();

  @ParameterizedTest(name = "{0} reads as ({1},{2})")
  @CsvSource(delimiter = '|', value = {
      "'(0,1)'|0|1",
      "(0,1)|0|1",
      "(,1)|0|1",
      "x(1,2)junk|1|2",
      "(-1,1)|4294967295|1",
      "(4294967295,65535)|4294967295|65535"})
  void textPostgresAcceptsIsReadAsPostgresReadsIt(String text, long block, int offset) {
    assertThat(codec.decodeText(text)).isEqualTo(new Tid(block, offset));
  }

  @ParameterizedTest(name = "{0} is refused")
  @ValueSource(strings = {" ( 3 , 4 ) ", "(1,2", "(1,-1)", "(4294967296,1)", "1,2)", "(1 ,2)", "(a,1)", "(1,65536)", ""})
  void textPostgresRefusesIsRefusedWithItsMessage(String text) {
    assertThatThrownBy(() -> codec.decodeText(text)).isInstanceOf(PgCodecException.class)
        .hasMessage("invalid input syntax for type tid: \"" + text + "\"");
  }
}
