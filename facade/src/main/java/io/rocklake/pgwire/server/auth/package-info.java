/**
 * Client authentication as PostgreSQL does it: {@code Authentication} and {@code AuthMethod} (trust, cleartext
 * password, SCRAM-SHA-256), one {@code AuthExchange} per connection ({@code CleartextExchange},
 * {@code ScramExchange}), {@code Credentials} (the password file as SCRAM verifiers), {@code ScramVerifier} (in
 * pg_authid's form), {@code ScramCrypto} and {@code SaslPrep}. It is its own package because it is security code with
 * a narrow contract, password messages in and answers out, that is tested on its own. Depends on the JDK only: no
 * Netty, no other RockLake package.
 */
package io.rocklake.pgwire.server.auth;
