// A Koa-style middleware chain: anonymous async functions in one file, each awaiting the next.
function compose(stack) {
  return function run(ctx) {
    const dispatch = (i) => {
      const fn = stack[i];
      if (!fn) return Promise.resolve();
      return Promise.resolve(fn(ctx, () => dispatch(i + 1)));
    };
    return dispatch(0);
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

const app = compose([
  async (ctx, next) => {
    await tick();
    const start = Date.now();
    await next();
    ctx.took = Date.now() - start;
  },
  async (ctx, next) => {
    await tick();
    const ip = ctx.headers['x-forwarded-for'] ?? '127.0.0.1';
    ctx.ip = ip;
    await next();
  },
  async (ctx) => {
    ctx.body = { hello: ctx.ip, items: Array.from({ length: 12 }, (_, i) => i * i) };
  },
]);

const ctx = { headers: {}, response: { list: Array.from({ length: 30 }, (_, i) => `row ${i}`) } };
app(ctx).then(() => console.log('body', JSON.stringify(ctx.body), 'took', ctx.took >= 0));
