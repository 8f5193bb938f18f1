package dev.ura.samples.scenarios;

import dev.ura.samples.sim.GroundTruth;
import dev.ura.samples.timeline.Timeline;

/**
 * A simulated run: the timeline to write and what the simulation knows about its responses.
 *
 * @param timeline the calls and events
 * @param truth    response starts and ends as simulated
 */
public record Recording(Timeline timeline, GroundTruth truth) {
}
