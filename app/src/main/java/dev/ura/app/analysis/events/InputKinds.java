package dev.ura.app.analysis.events;

import java.util.regex.Pattern;

/**
 * What kind of input event a delivery carries, from the method names of the view system's input
 * pipeline: a method trace records no {@code MotionEvent} or {@code KeyEvent}, but the pipeline
 * stage that handles the event names its kind ({@code ViewRootImpl$ViewPostImeInputStage.processPointerEvent},
 * Android 4.2+; {@code ViewRootImpl.deliverPointerEvent}, Android up to 4.1).
 */
final class InputKinds {
    private InputKinds() {
    }

    private static final Pattern HANDLER = Pattern.compile(
            "on\\w*(Touch|Click|Key|Scroll|Fling|Gesture|Tap|Press|Drag|Swipe|Select|Motion|Hover|Interaction)\\w*");

    /** Whether a method named so handles an input ({@code onTouch}, {@code onItemClick}, {@code onKeyUp}, ...). */
    static boolean isHandler(String methodName) {
        return HANDLER.matcher(methodName).matches();
    }

    /** {@code touch}, {@code key}, {@code trackball} or {@code motion} for a pipeline method's name, else null. */
    static String of(String methodName) {
        return switch (methodName) {
            case "processPointerEvent", "deliverPointerEvent", "dispatchTouchEvent" -> "touch";
            case "processKeyEvent", "deliverKeyEvent", "deliverKeyEventPostIme", "dispatchKeyEvent" -> "key";
            case "processTrackballEvent", "deliverTrackballEvent", "dispatchTrackballEvent" -> "trackball";
            case "processGenericMotionEvent", "deliverGenericMotionEvent", "dispatchGenericMotionEvent" -> "motion";
            default -> null;
        };
    }
}
