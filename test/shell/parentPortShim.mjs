// Loaded with --import before the pipeline worker: Electron gives a utility process `process.parentPort`
// (messages arrive as { data }); this makes a Node child started with child_process.fork look the same, so
// the worker runs its utilityProcess branch, not its child_process one.
process.parentPort = {
  postMessage: (message) => process.send(message),
  on: (event, fn) => {
    if (event === 'message') process.on('message', (data) => fn({ data }));
  },
};
