package dev.ura.agent.rt;

/** The name a pool task's DISPATCH_MSG gets: {@code doInBackground} for a SwingWorker, else {@code run}. */
final class TaskNames extends ClassValue<String> {
    static final TaskNames INSTANCE = new TaskNames();

    @Override
    protected String computeValue(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals("javax.swing.SwingWorker")) {
                return "doInBackground";
            }
        }
        return "run";
    }
}
