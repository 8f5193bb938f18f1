package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;

import java.util.List;
import java.util.Map;

/**
 * A game whose GL thread redraws every vsync while the player taps the menu button: the tap
 * saves the game state with a synchronous commit, shows the menu overlay and asks the GL surface
 * for a render. The GL thread's own frames are never requests of the tap, so the response ends
 * when the overlay and the requested GL frame have been drawn. The fix saves with {@code apply()}.
 */
public final class GameMenu implements Scenario {
    private static final String PKG = "com.example.game";
    private static final String SURFACE = "GLSurfaceView#game";
    private static final Fix FIXED = new Fix("fixed", "the game state is saved after the response instead of committed in onClick",
            WhatIf.defer("*GameState.save"));

    private final View menuButton = new View("ImageButton#menu", "android.widget.ImageView.onDraw", 0.5, 0);
    private final View overlay = new View("MenuOverlay#menu", PKG + ".MenuOverlay.onDraw", 5, 7);

    @Override
    public String name() {
        return "game-menu";
    }

    @Override
    public String description() {
        return "Tap on a game's menu while its GL thread redraws forever: the response still ends when the menu is drawn";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(FIXED);
    }

    @Override
    public Recording record(Fix fix) {
        boolean fixed = fix != null;
        AppProcess p = new AppProcess(PKG, 8822, 20161204L, 1_200_000_000L);
        p.systemNoise();
        SimThread gl = p.sim.plainThread(p.tid(), "GLThread " + (p.pid + 20), "java.lang.Object.wait()V",
                "java.lang.Thread.run()V", "android.opengl.GLSurfaceView$GLThread.run()V", "android.opengl.GLSurfaceView$GLThread.guardedRun()V");
        p.sim.every(gl, 3_211_000L, 16.667, "gl.period", p.durationNs, x -> Android.drawFrame(x, PKG + ".GameRenderer", SURFACE, 8.5));
        Ui.tap(p, 400_000_000L, menuButton, PKG + ".GameActivity$MenuButtonListener", x -> {
            Ui.method(x, PKG + ".GameState.save()V", () -> {
                if (fixed) {
                    x.call("android.app.SharedPreferencesImpl$EditorImpl.apply()V", () -> x.cpu("prefs.apply", 0.4));
                } else {
                    Android.commitPreferences(x, "prefs", "/data/data/com.example.game/shared_prefs/save_slot_1.xml", 22_000, 31);
                }
            });
            x.call(PKG + ".MenuOverlay.show()V", () -> {
                x.call("android.view.LayoutInflater.inflate(ILandroid/view/ViewGroup;Z)Landroid/view/View;", () -> x.cpu("menu.inflate", 42));
                Android.requestLayout(x, overlay);
            });
            x.call(PKG + ".GameView.pauseGame()V", () -> Android.requestRender(x, SURFACE));
        });
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }
}
