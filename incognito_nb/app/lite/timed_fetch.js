// Run in the static site's kernel (a Web Worker) by lite/exports.py, with Pyodide's run_js:
// gives every request for a wheel a time limit.
//
// Pyodide's loadPackage fetches each wheel with the worker's global fetch, and waits: a
// request the network drops without a word (no refusal, no answer) kept the game over at
// "Making the poster…" for ever, and, as loadPackage holds a lock until its downloads end,
// a second press waited behind the first.  Aborted, the request fails like a refused one:
// loadPackage logs it and returns, and the poster is said to be not made.
//
// `answerSeconds`: how long the site may take to start answering (the response's headers);
// `wholeSeconds`: how long the whole download may take.  Installed once per worker.
((answerSeconds, wholeSeconds) => {
  if (globalThis.__incognitoTimedFetch) return;
  globalThis.__incognitoTimedFetch = true;
  const untimed = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (resource, options = {}) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (!url.split("?")[0].endsWith(".whl") || options.signal) return untimed(resource, options);
    const control = new AbortController();
    const stop = (why) => () => control.abort(new DOMException(why, "TimeoutError"));
    const answer = setTimeout(stop(`no answer in ${answerSeconds} s: ${url}`), answerSeconds * 1000);
    const whole = setTimeout(stop(`not downloaded in ${wholeSeconds} s: ${url}`), wholeSeconds * 1000);
    return untimed(resource, { ...options, signal: control.signal }).then(
      (response) => { clearTimeout(answer); return response; },
      (error) => { clearTimeout(answer); clearTimeout(whole); throw error; });
  };
});
