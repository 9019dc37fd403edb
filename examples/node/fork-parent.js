// Forks a child process: both are debugged in one session.
const { fork } = require('node:child_process');

const child = fork(require('node:path').join(__dirname, 'fork-child.js'), ['7']);
child.on('message', (m) => {
  console.log('parent got', m.result);
  child.disconnect();
});
