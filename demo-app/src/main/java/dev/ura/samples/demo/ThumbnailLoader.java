package dev.ura.samples.demo;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/** Loads the channel thumbnails one after the other. */
public final class ThumbnailLoader {
    private final FeedClient client;

    public ThumbnailLoader(FeedClient client) {
        this.client = client;
    }

    /** Thumbnails {@code 0 .. count-1}, in order. */
    public List<BufferedImage> loadAll(int count) throws IOException, InterruptedException {
        List<BufferedImage> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] png = client.get("/thumb/" + i + ".png").bytes();
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
            if (img == null) {
                throw new IOException("thumbnail " + i + " is not an image");
            }
            out.add(img);
        }
        return out;
    }
}
