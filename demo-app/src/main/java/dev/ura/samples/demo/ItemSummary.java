package dev.ura.samples.demo;

/** An item's summary: its body with tags removed, the first words, the word count. */
final class ItemSummary {
    private static final int SUMMARY_WORDS = 12;

    private ItemSummary() {
    }

    static Feed.Item of(String title, String body) {
        String text = body.replaceAll("<[^>]*>", "");
        String[] words = text.trim().split("\\s+");
        StringBuilder summary = new StringBuilder();
        for (int i = 0; i < Math.min(SUMMARY_WORDS, words.length); i++) {
            summary.append(i == 0 ? "" : " ").append(words[i]);
        }
        return new Feed.Item(title, summary.toString(), words.length);
    }
}
