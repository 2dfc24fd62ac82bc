'use strict';
// fpbench's stand-in for Node's benchmark/common.js: the same protocol in a
// few lines. createBenchmark(main, configs, options) queues every
// combination of the configs' values; run by itself (or by compare.js) a
// script forks one process per configuration with KEY=VALUE arguments and
// NODE_RUN_BENCHMARK_FN set, and that process calls main(config), whose
// bench.start() and bench.end(operations) time it. A forked process reports
// {type: 'report', name, conf, rate, time} with process.send; one run
// standalone prints "NAME KEY=JSON...: RATE".
const { fork } = require('child_process');

// KEY=VALUE arguments replace a key's values (typed as its first value) or,
// for keys the script does not have, are handed on to every configuration.
function parseArguments(argv, configs) {
  const given = {};
  const extra = {};
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    if (eq < 1) {
      console.error(`bad argument: ${arg}`);
      process.exit(1);
    }
    const key = arg.slice(0, eq);
    const value = arg.slice(eq + 1);
    if (Object.hasOwn(configs, key)) {
      const number = typeof [].concat(configs[key])[0] === 'number';
      (given[key] ||= []).push(number ? Number(value) : value);
    } else {
      extra[key] = value;
    }
  }
  const options = {};
  for (const key of Object.keys(configs)) options[key] = [].concat(configs[key]);
  return { options: { ...options, ...given }, extra };
}

// Every combination, the first key varying slowest. Each new key goes in
// front of those already set, so a configuration lists its keys last first.
function combinations(options) {
  let all = [{}];
  for (const key of Object.keys(options)) {
    const next = [];
    for (const partial of all) {
      for (const value of options[key]) next.push({ [key]: value, ...partial });
    }
    all = next;
  }
  return all;
}

function send(data) {
  if (process.send) {
    process.send(data);
    return;
  }
  const conf = Object.keys(data.conf)
    .map((key) => ` ${key}=${JSON.stringify(data.conf[key])}`).join('');
  console.log(`${data.name}${conf}: ${data.rate}`);
}

class Benchmark {
  #startedAt = null;
  #ended = false;
  name = require.main.filename.slice(__dirname.length + 1);
  flags = [];

  constructor(main, configs, settings = {}) {
    const { options, extra } = parseArguments(process.argv.slice(2), configs);
    this.options = options;
    this.extra_options = extra;
    if (settings.flags) this.flags = this.flags.concat(settings.flags);
    this.queue = combinations(options).filter(
      settings.combinationFilter || (() => true));
    // As Node's: an empty queue runs nothing.
    if (this.queue.length === 0) return;
    this.config = this.queue[0];
    process.nextTick(() => {
      if (Object.hasOwn(process.env, 'NODE_RUN_BENCHMARK_FN')) {
        main(this.config);
      } else {
        this._run();
      }
    });
  }

  _run() {
    if (process.send) {
      process.send({ type: 'config', name: this.name,
                     queueLength: this.queue.length });
    }
    const next = (index) => {
      const args = [];
      for (const [key, value] of Object.entries(this.queue[index]))
        args.push(`${key}=${value}`);
      for (const [key, value] of Object.entries(this.extra_options))
        args.push(`${key}=${value}`);
      const child = fork(require.main.filename, args, {
        env: { ...process.env, NODE_RUN_BENCHMARK_FN: '' },
        execArgv: this.flags.concat(process.execArgv),
      });
      child.on('message', send);
      child.on('close', (code) => {
        if (code) process.exit(code);
        if (index + 1 < this.queue.length) next(index + 1);
      });
    };
    next(0);
  }

  // The elapsed time is nanoseconds as a BigInt, as Node 22's common.js
  // has it, or with FPBENCH_TEST_HRTIME=array process.hrtime()'s
  // [seconds, nanoseconds], as Node 20's has it.
  start() {
    if (this.#startedAt) throw new Error('start() called twice');
    this.#startedAt = hrtimeArray ? process.hrtime() : process.hrtime.bigint();
  }

  end(operations) {
    const elapsed = hrtimeArray ? process.hrtime(this.#startedAt)
                                : process.hrtime.bigint() - this.#startedAt;
    if (!this.#startedAt) throw new Error('end() without start()');
    if (this.#ended) throw new Error('end() called twice');
    if (typeof operations !== 'number' || operations <= 0)
      throw new Error('end() needs a positive operation count');
    this.#ended = true;
    this.report(operations / seconds(elapsed), elapsed);
  }

  report(rate, elapsed) {
    send({ type: 'report', name: this.name, conf: this.config, rate,
           time: seconds(elapsed) });
  }
}

const hrtimeArray = process.env.FPBENCH_TEST_HRTIME === 'array';
function seconds(elapsed) {
  return hrtimeArray ? elapsed[0] + elapsed[1] / 1e9 : Number(elapsed) / 1e9;
}

module.exports = {
  Benchmark,
  createBenchmark(main, configs, settings) {
    return new Benchmark(main, configs, settings);
  },
};
