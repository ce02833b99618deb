package io.rocklake.arrowscan.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The AWS environment is read as the server reads it for an s3:// catalog (facade's CatalogLocation). */
class S3SettingsTest {

  @Test
  void withNoVariablesItIsAwsInUsEast1WithTheDefaultCredentialChainAndVirtualHostedBuckets() {
    assertThat(S3Settings.fromEnvironment(Map.of())).isEqualTo(new S3Settings(null, "us-east-1", null, null, null, false, 5));
  }

  @Test
  void theS3SpecificEndpointWinsOverTheGeneralOneAndAnEndpointMeansPathStyle() {
    assertThat(S3Settings.fromEnvironment(Map.of("AWS_ENDPOINT_URL", "http://general:9000")).endpoint())
        .isEqualTo(URI.create("http://general:9000"));
    S3Settings s = S3Settings.fromEnvironment(
        Map.of("AWS_ENDPOINT_URL", "http://general:9000", "AWS_ENDPOINT_URL_S3", "http://s3only:9000"));
    assertThat(s.endpoint()).isEqualTo(URI.create("http://s3only:9000"));
    assertThat(s.pathStyle()).isTrue();
  }

  @Test
  void awsRegionWinsOverTheDefaultRegion() {
    assertThat(S3Settings.fromEnvironment(Map.of("AWS_DEFAULT_REGION", "eu-west-1")).region()).isEqualTo("eu-west-1");
    assertThat(S3Settings.fromEnvironment(Map.of("AWS_DEFAULT_REGION", "eu-west-1", "AWS_REGION", "ap-south-1")).region())
        .isEqualTo("ap-south-1");
  }

  @Test
  void keysFromTheEnvironmentAreUsedAsTheyAreWithTheSessionTokenOfTemporaryCredentials() {
    S3Settings s = S3Settings.fromEnvironment(
        Map.of("AWS_ACCESS_KEY_ID", "AK", "AWS_SECRET_ACCESS_KEY", "SK", "AWS_SESSION_TOKEN", "TOKEN"));
    assertThat(s).isEqualTo(new S3Settings(null, "us-east-1", "AK", "SK", "TOKEN", false, 5));
    assertThat(s.toString()).doesNotContain("AK").doesNotContain("SK").doesNotContain("TOKEN");
  }

  @Test
  void halfAKeyPairIsLeftToTheDefaultChainButRefusedWhenGivenExplicitly() {
    assertThat(S3Settings.fromEnvironment(Map.of("AWS_ACCESS_KEY_ID", "AK")).accessKey()).isNull();
    assertThatThrownBy(() -> new S3Settings(null, "us-east-1", "AK", null, null, false, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an S3 access key needs its secret key, and a secret key its access key");
  }
}
