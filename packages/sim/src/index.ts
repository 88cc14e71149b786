/**
 * Protocol-faithful simulators of the gateway's upstreams. The frame and the
 * venue simulators arrive with the gateway issues; see packages/sim/README.md.
 */
export const SIMULATORS: readonly string[] = [];
