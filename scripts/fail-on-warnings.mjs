// Imported into every test process (scripts/run-tests.mjs): a process warning (a listener leak, a
// deprecation, an unhandled rejection's warning) fails the test file it happened in.
process.on('warning', (warning) => {
  console.error(`process warning in a test process: ${warning.name}: ${warning.message}\n${warning.stack ?? ''}`);
  process.exitCode = 1;
});
