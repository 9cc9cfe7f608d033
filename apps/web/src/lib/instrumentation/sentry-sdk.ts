// Only what the reporter calls: importing the package's whole namespace would keep every
// integration (replay, feedback, tracing) in the chunk.
export { captureException, init, setUser } from '@sentry/browser';
