// Runs until stopped (a service-like loop): for pause.
let ticks = 0;
const timer = setInterval(() => {
  ticks += 1;
  if (ticks % 100 === 0) console.log('tick', ticks);
}, 10);
setTimeout(() => clearInterval(timer), Number(process.argv[2] ?? 600) * 1000);
