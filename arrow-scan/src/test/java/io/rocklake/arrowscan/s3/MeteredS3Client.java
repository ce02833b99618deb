package io.rocklake.arrowscan.s3;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * A real client that records each GET (its key, the Range asked for and the bytes the store sent)
 * and counts HEADs. Every other S3 call is refused by the SDK's interface defaults, so a reader
 * that used one would fail here.
 */
public final class MeteredS3Client implements S3Client {
  /** One GET: the key, the Range header sent, and the Content-Range and Content-Length answered. */
  public record Get(String key, String range, String contentRange, long bytes) {
    /** The first and last byte offsets the store sent. */
    public long first() {
      return Long.parseLong(contentRange.substring("bytes ".length(), contentRange.indexOf('-')));
    }

    public long last() {
      return Long.parseLong(contentRange.substring(contentRange.indexOf('-') + 1, contentRange.indexOf('/')));
    }
  }

  private final S3Client client;
  private final List<Get> gets = new CopyOnWriteArrayList<>();
  private final List<String> heads = new CopyOnWriteArrayList<>();

  public MeteredS3Client(S3Client client) {
    this.client = client;
  }

  public List<Get> gets() {
    return List.copyOf(gets);
  }

  public List<String> heads() {
    return List.copyOf(heads);
  }

  public long bytesFetched() {
    return gets.stream().mapToLong(Get::bytes).sum();
  }

  public void reset() {
    gets.clear();
    heads.clear();
  }

  @Override
  public <T> T getObject(GetObjectRequest request, ResponseTransformer<GetObjectResponse, T> transformer) {
    return client.getObject(request, new ResponseTransformer<GetObjectResponse, T>() {
      @Override
      public T transform(GetObjectResponse response, AbortableInputStream in) throws Exception {
        gets.add(new Get(request.key(), request.range(), response.contentRange(), response.contentLength()));
        return transformer.transform(response, in);
      }

      @Override
      public boolean needsConnectionLeftOpen() {
        // A streaming transformer reads the body after the call returns.
        return transformer.needsConnectionLeftOpen();
      }
    });
  }

  @Override
  public HeadObjectResponse headObject(HeadObjectRequest request) {
    heads.add(request.key());
    return client.headObject(request);
  }

  @Override
  public String serviceName() {
    return client.serviceName();
  }

  @Override
  public void close() {
    client.close();
  }
}
