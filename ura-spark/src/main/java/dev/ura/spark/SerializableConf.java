package dev.ura.spark;

import org.apache.hadoop.conf.Configuration;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * The driver's Hadoop configuration for the executors (file system settings such as S3 credentials
 * providers given as {@code spark.hadoop.*}); {@link Configuration} is Writable, not Serializable.
 */
final class SerializableConf implements Serializable {
    private static final long serialVersionUID = 1L;
    private transient Configuration conf;

    SerializableConf(Configuration conf) {
        this.conf = conf;
    }

    Configuration get() {
        return conf;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
