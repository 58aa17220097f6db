// Tests against the local stack, a browser or a CDK synth (and the heavier unit files) need more than jest's
// default 5 s per test. The limit only catches a hang: a test waits for states, never for time, and on a loaded
// CI machine (integration and browser projects side by side on two cores) a test that takes 20 s alone took
// 60–90 s, so it is set well above.
jest.setTimeout(180_000);
