package dev.ura.app.render;

import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;

/**
 * Paints the group headers (a process with its pid and thread count, or "CPUs") and the CPU
 * tracks: each CPU's runs coloured by thread ({@link ThreadColors}), with level of detail as in
 * the flame chart: a run at least {@link Metrics#minSlice()} wide is a block of its own, and runs
 * narrower than that, separated by gaps narrower than that, fold into one grey block, skipping
 * ahead by binary search, so the work per frame grows with pixels, not with runs.
 */
final class GroupPainter {

    void paint(Graphics2D g, RenderedFrame f, Rectangle band) {
        TimelineScene s = f.scene();
        for (GroupBox b : f.groups()) {
            if (b.y() + b.height() > band.y && b.y() < band.y + band.height) {
                paintHeader(g, s, b, band.width);
            }
        }
        CpuIndex cpus = s.index().cpus();
        for (CpuRow r : f.cpuRows()) {
            if (r.y() + r.height() > band.y && r.y() < band.y + band.height && r.cpu() < cpus.cpuCount()) {
                paintCpu(g, s, cpus, r, band.width);
            }
        }
    }

    private static void paintHeader(Graphics2D g, TimelineScene s, GroupBox b, int width) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        g.setColor(p.rulerBackground());
        g.fillRect(0, b.y(), width, b.height());
        g.setColor(p.grid());
        g.fillRect(0, b.y() + b.height() - 1, width, 1);
        FontMetrics fm = g.getFontMetrics();
        int base = b.y() + (b.height() + fm.getAscent() - fm.getDescent()) / 2;
        int x = (int) (4 * m.scale());
        String title = (b.collapsed() ? "▸ " : "▾ ") + title(s.index().trace().system(), b);
        g.setColor(p.text());
        g.setFont(g.getFont().deriveFont(java.awt.Font.BOLD));
        g.drawString(title, x, base);
        int tw = g.getFontMetrics().stringWidth(title);
        g.setFont(g.getFont().deriveFont(java.awt.Font.PLAIN));
        g.setColor(p.mutedText());
        g.drawString("  " + info(b), x + tw, base);
    }

    /** The header's name: "CPUs", or the process's name and pid. */
    static String title(SystemTrace system, GroupBox b) {
        if (b.isCpus()) {
            return "CPUs";
        }
        if (b.key() == GroupBox.NO_PROCESS) {
            return "Threads without a process";
        }
        String name = system.process(b.key()).map(ProcessInfo::name).filter(n -> !n.isEmpty()).orElse("process");
        return name + "  " + b.key();
    }

    /** The count after the name: CPUs, or threads shown (and hidden by the lane rules). */
    static String info(GroupBox b) {
        if (b.isCpus()) {
            return b.members() + " · what ran on each, coloured by process; grey: runs too short to draw, zoom in";
        }
        String n = b.members() + (b.members() == 1 ? " thread" : " threads");
        return b.hidden() > 0 ? n + " (" + b.hidden() + " hidden)" : n;
    }

    private static void paintCpu(Graphics2D g, TimelineScene s, CpuIndex cpus, CpuRow r, int width) {
        Metrics m = s.metrics();
        Palette p = s.palette();
        TimeAxis axis = s.axis();
        SystemTrace sys = s.index().trace().system();
        int c = r.cpu();
        int y = r.y() + 1;
        int h = r.height() - 2;
        FontMetrics fm = g.getFontMetrics();
        double charW = Math.max(1, fm.charWidth('m') * 0.8);
        int ascent = fm.getAscent() - fm.getDescent();
        double minW = m.minSlice();
        int n = cpus.size(c);
        int i = cpus.firstEndingAfter(c, axis.startNs());
        while (i < n && cpus.start(c, i) < axis.endNs()) {
            double x0 = axis.toPx(cpus.start(c, i));
            double x1 = axis.toPx(cpus.end(c, i));
            if (x1 - x0 >= minW) {
                int th = cpus.thread(c, i);
                int px = (int) Math.floor(Math.max(-2, x0));
                int w = Math.max(1, (int) Math.ceil(Math.min(width + 2, x1)) - px);
                g.setColor(ThreadColors.of(sys, th, p.dark()));
                g.fillRect(px, y, w > 3 ? w - 1 : w, h);
                if (w >= charW * 3 + 4) {
                    String label = Names.fit(s.index().trace().threads().get(th).name(), (int) ((w - 4) / charW));
                    if (!label.isEmpty()) {
                        g.setColor(p.sliceText());
                        g.drawString(label, Math.max(px, 0) + 2, y + (h + ascent) / 2);
                    }
                }
                i++;
                continue;
            }
            int first = i;
            double[] end = new double[1];
            i = RunFolds.foldEnd(runs(cpus, c), axis, i, x1, minW, end);
            int px = (int) Math.floor(Math.max(-2, x0));
            // a lone narrow run keeps its thread's colour; a fold of several is grey
            g.setColor(i == first + 1 ? ThreadColors.of(sys, cpus.thread(c, first), p.dark()) : p.fold());
            g.fillRect(px, y, Math.max(1, (int) Math.ceil(Math.min(width + 2, end[0])) - px), h);
        }
        // the CPU's name on a chip of header colour, readable over any run
        String name = "CPU " + c;
        int lx = (int) (4 * m.scale());
        g.setColor(p.laneHeader());
        g.fillRect(0, y, lx + fm.stringWidth(name) + lx, h);
        g.setColor(p.mutedText());
        g.drawString(name, lx, y + (h + ascent) / 2);
    }

    /** One CPU's runs, for {@link RunFolds}. */
    private static RunFolds.Runs runs(CpuIndex cpus, int c) {
        return new RunFolds.Runs() {
            @Override
            public int size() {
                return cpus.size(c);
            }

            @Override
            public long start(int i) {
                return cpus.start(c, i);
            }

            @Override
            public long end(int i) {
                return cpus.end(c, i);
            }

            @Override
            public int firstEndingAfter(long timeNs) {
                return cpus.firstEndingAfter(c, timeNs);
            }
        };
    }
}
