// Preloaded into js-debug's DAP server (node.json's adapter command): it serves TCP, so nothing
// closes under it when the gateway that started it dies without cleaning up (SIGKILL). It exits once
// its parent is gone (it is re-parented), so no adapter is left behind.
'use strict';

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
