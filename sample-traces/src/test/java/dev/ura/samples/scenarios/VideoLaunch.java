package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;

import java.util.List;
import java.util.Map;

/**
 * A video app launch whose ad banner is requested in {@code onResume}: the ad server's answer
 * decides when the launch is drawn. An ad refresher on a timer thread redraws the banner forever,
 * which must not keep the response open. The fix requests the ad at the start of
 * {@code onCreate}, so the request overlaps creating the player.
 */
public final class VideoLaunch implements Scenario {
    private static final String PKG = "com.example.video";
    private static final String ACTIVITY = PKG + ".PlayerActivity";
    private static final Fix FIXED = new Fix("fixed", "the ad is requested at the start of onCreate instead of in onResume",
            WhatIf.parallel("*AdRequestTask.run"));

    private final View decor = new View("DecorView#player", "com.android.internal.policy.DecorView.draw", 7, 24);
    private final View banner = new View("AdBannerView#banner", PKG + ".AdBannerView.onDraw", 3.5, 4);
    private final View buffering = new View("BufferingSpinner#spinner", PKG + ".BufferingSpinner.onDraw", 0.5, 0);

    @Override
    public String name() {
        return "video-launch";
    }

    @Override
    public String description() {
        return "App launch whose ad request, made in onResume, decides the critical path while an ad refresher redraws forever; requesting it in onCreate saves about 15 %";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(FIXED);
    }

    @Override
    public Recording record(Fix fix) {
        boolean fixed = fix != null;
        AppProcess p = new AppProcess(PKG, 5120, 20161130L, 1_500_000_000L);
        SimThread adPool = p.executorThread(1, 1);
        p.systemNoise();
        p.animationThread("spinner-anim", PKG + ".BufferingSpinner$Animator", buffering, 180_000_000L);
        SimThread timer = p.sim.plainThread(p.tid(), "Timer-0", "java.lang.Object.wait(J)V",
                "java.lang.Thread.run()V", "java.util.TimerThread.run()V", "java.util.TimerThread.mainLoop()V");
        p.sim.every(timer, 260_000_000L, 250, "refresh.period", p.durationNs, x -> x.call(PKG + ".AdRefresher.run()V", () -> {
            x.cpu("refresh", 0.4);
            Android.postInvalidateOnAnimation(x, banner);
        }));
        p.launch(40_000_000L, ACTIVITY, x -> {
            x.call("androidx.appcompat.app.AppCompatActivity.onCreate(Landroid/os/Bundle;)V", () -> x.cpu("super.onCreate", 9));
            if (fixed) {
                requestAd(x, adPool, p.main);
            }
            Launch.setContentView(x, ACTIVITY, 33);
            x.call(ACTIVITY + ".setupPlayer()V", () -> x.chain(() -> x.cpu("player", 58),
                    PKG + ".VideoPlayer.prepare(Landroid/net/Uri;)V", "android.media.MediaCodec.createDecoderByType(Ljava/lang/String;)Landroid/media/MediaCodec;"));
        }, x -> {
            x.call(ACTIVITY + ".showPoster()V", () -> x.cpu("poster", 4));
            if (!fixed) {
                requestAd(x, adPool, p.main);
            }
        }, decor);
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }

    private void requestAd(Exec x, SimThread adPool, SimThread main) {
        x.call(PKG + ".AdSlot.requestAd()V", () -> Android.execute(x, adPool, PKG + ".AdRequestTask", w -> {
            Ui.method(w, "com.google.android.gms.ads.AdLoader.loadAd(Lcom/google/android/gms/ads/AdRequest;)V",
                    () -> Android.httpGet(w, "ad", "ads.example.net", 18_000, 430, 22, 3));
            w.call(PKG + ".AdResponseParser.parse(Ljava/lang/String;)L" + "com/example/video/Ad;", () -> Android.parseJson(w, "ad.parse", 16));
            Android.post(w, main, PKG + ".AdRequestTask.deliver", m -> m.chain(() -> m.call(PKG + ".AdRequestTask.deliver()V",
                    () -> m.call(PKG + ".AdBannerView.setAd(Lcom/example/video/Ad;)V", () -> {
                        m.cpu("setAd", 6);
                        Android.requestLayout(m, banner);
                    })), "android.os.Handler.handleCallback(Landroid/os/Message;)V"));
        }));
    }
}
