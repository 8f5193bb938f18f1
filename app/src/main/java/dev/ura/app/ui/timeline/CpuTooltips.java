package dev.ura.app.ui.timeline;

import dev.ura.app.render.CpuIndex;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.render.TimelineScene;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;

/** The tooltip of a CPU track: the thread that ran there under the pointer, its process and how long. */
final class CpuTooltips {
    private CpuTooltips() {
    }

    static String at(TimelineScene scene, int cpu, int x) {
        CpuIndex cpus = scene.index().cpus();
        if (cpu >= cpus.cpuCount()) {
            return null;
        }
        long t = scene.axis().toNs(x);
        int i = cpus.runAt(cpu, t);
        if (i < 0) {
            // a run narrower than a pixel is hard to hit: take one within a pixel either side
            long slack = (long) Math.ceil(scene.axis().nsPerPx());
            i = cpus.runAt(cpu, t - slack);
            if (i < 0) {
                i = cpus.runAt(cpu, t + slack);
            }
        }
        if (i < 0) {
            return "<html>CPU " + cpu + ": idle (nothing recorded running)</html>";
        }
        int th = cpus.thread(cpu, i);
        SystemTrace sys = scene.index().trace().system();
        String name = scene.index().trace().threads().get(th).name();
        String tid = "";
        String process = "";
        if (th < sys.threads().size()) {
            long pid = sys.threads().get(th).tgid();
            tid = " " + sys.threads().get(th).tid();
            process = sys.process(pid).map(ProcessInfo::name).filter(n -> !n.isEmpty()).orElse("pid " + pid)
                    + " (" + pid + ")";
        }
        return "<html><b>" + SliceDescriptions.escape(name) + "</b>" + tid + "<br>"
                + SliceDescriptions.escape(process) + "<br>running on CPU " + cpu + " for "
                + TimeFormat.duration(cpus.end(cpu, i) - cpus.start(cpu, i)) + "</html>";
    }
}
