package dev.ura.app.ui;

/** Counted nouns: "1 response", "2 responses". */
public final class Words {
    private Words() {
    }

    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
