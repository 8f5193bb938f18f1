package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.View;
import dev.ura.samples.sim.Work;
import dev.ura.samples.timeline.AgentEvent;
import dev.ura.trace.model.EventKind;

/**
 * {@code ActivityThread.handleLaunchActivity} as Android 8.1 runs it: create (onCreate, onStart),
 * then {@code handleResumeActivity} nested inside (onResume, then the window is added and laid
 * out). The whole call is the START_ACTIVITY interval; the resume joins the launch response.
 */
final class Launch {
    private Launch() {
    }

    static void handleLaunchActivity(Exec x, String activityClass, Work onCreate, Work onResume, View decor) {
        int response = x.sim().startResponse(activityClass, x.now());
        x.track(response, () -> x.call("android.app.ActivityThread.handleLaunchActivity(Landroid/app/ActivityThread$ActivityClientRecord;Landroid/content/Intent;Ljava/lang/String;)V",
                AgentEvent.interval(EventKind.START_ACTIVITY, "name", activityClass), () -> {
                    x.call("android.app.ActivityThread.performLaunchActivity(Landroid/app/ActivityThread$ActivityClientRecord;Landroid/content/Intent;)Landroid/app/Activity;", () -> {
                        x.call("android.app.Instrumentation.newActivity(Ljava/lang/ClassLoader;Ljava/lang/String;Landroid/content/Intent;)Landroid/app/Activity;",
                                () -> {
                                    x.cpu("launch.classload", 3);
                                    x.leaf(activityClass + ".<init>()V");
                                });
                        x.chain(() -> x.call(activityClass + ".onCreate(Landroid/os/Bundle;)V", () -> onCreate.run(x)),
                                "android.app.Instrumentation.callActivityOnCreate(Landroid/app/Activity;Landroid/os/Bundle;)V",
                                "android.app.Activity.performCreate(Landroid/os/Bundle;)V");
                        x.chain(() -> x.cpu("launch.start", 1.5), "android.app.Activity.performStart()V",
                                "android.app.Instrumentation.callActivityOnStart(Landroid/app/Activity;)V");
                    });
                    x.call("android.app.ActivityThread.handleResumeActivity(Landroid/os/IBinder;ZZZILjava/lang/String;)V", () -> {
                        x.chain(() -> x.call(activityClass + ".onResume()V", () -> onResume.run(x)),
                                "android.app.ActivityThread.performResumeActivity(Landroid/os/IBinder;ZLjava/lang/String;)Landroid/app/ActivityThread$ActivityClientRecord;",
                                "android.app.Activity.performResume()V",
                                "android.app.Instrumentation.callActivityOnResume(Landroid/app/Activity;)V");
                        x.chain(() -> {
                            x.cpu("launch.addview", 2.5);
                            Android.requestLayout(x, decor);
                        }, "android.view.WindowManagerImpl.addView(Landroid/view/View;Landroid/view/ViewGroup$LayoutParams;)V",
                                "android.view.WindowManagerGlobal.addView(Landroid/view/View;Landroid/view/ViewGroup$LayoutParams;Landroid/view/Display;Landroid/view/Window;)V",
                                "android.view.ViewRootImpl.setView(Landroid/view/View;Landroid/view/WindowManager$LayoutParams;Landroid/view/View;)V");
                    });
                }));
    }

    private static final String[] INFLATED = {
            "android.widget.FrameLayout", "android.widget.LinearLayout", "androidx.appcompat.widget.Toolbar",
            "android.widget.TextView", "android.widget.ImageView", "androidx.recyclerview.widget.RecyclerView",
            "android.widget.ProgressBar", "android.widget.TextView"};

    /** {@code setContentView(layout)}: inflating the layout, one {@code createViewFromTag} per view. */
    static void setContentView(Exec x, String activityClass, double inflateMs) {
        x.chain(() -> {
            x.cpu("inflate.parse", inflateMs * 0.2);
            for (String view : INFLATED) {
                x.chain(() -> x.call(view + ".<init>(Landroid/content/Context;Landroid/util/AttributeSet;)V",
                                () -> x.cpu("inflate", inflateMs * 0.8 / INFLATED.length)),
                        "android.view.LayoutInflater.createViewFromTag(Landroid/view/View;Ljava/lang/String;Landroid/content/Context;Landroid/util/AttributeSet;)Landroid/view/View;",
                        "android.view.LayoutInflater.createView(Ljava/lang/String;Ljava/lang/String;Landroid/util/AttributeSet;)Landroid/view/View;");
            }
        }, "androidx.appcompat.app.AppCompatActivity.setContentView(I)V",
                "androidx.appcompat.app.AppCompatDelegateImpl.setContentView(I)V",
                "android.view.LayoutInflater.inflate(ILandroid/view/ViewGroup;)Landroid/view/View;");
    }
}
