// Tests against the local stack, a browser or a CDK synth need more than jest's default 5 s per test.
jest.setTimeout(90_000);
