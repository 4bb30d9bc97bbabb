"""``pyreticulate launch``: one R script run as N local worker processes of a distributed job.

Each worker is ``python -m pyreticulate run FILE.R ARGS...`` with its place in the job in its
environment, under the names Keras and TensorFlow read themselves:

    KERAS_DISTRIBUTION_JOB_ADDRESSES   host:port of every worker, comma-separated (rank 0's first:
                                       JAX's coordinator); ``keras$distribution$initialize()``
    KERAS_DISTRIBUTION_NUM_PROCESSES   N
    KERAS_DISTRIBUTION_PROCESS_ID      the worker's rank, 0 to N-1
    TF_CONFIG                          the same cluster for ``tf$distribute`` multi-worker strategies

Their output is streamed a whole line at a time (progress bars' carriage returns too), each line
prefixed with ``[rank]``. When a worker fails, the others are stopped, the failing worker's last
error lines are repeated, and the launcher exits with its status.
"""
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time

USAGE = "pyreticulate launch [--workers N] FILE.R [ARGS...]"
STOP_GRACE = 10.0
ERROR_LINES = 20
PARTIAL_WAIT = 0.2


def free_ports(count, host="127.0.0.1"):
    """``count`` distinct ports free on ``host`` now (held open together, so never repeated)."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.bind((host, 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def worker_environments(workers, host="127.0.0.1", ports=None):
    """The environment variables of each rank (a list of dicts, rank 0 first)."""
    ports = ports or free_ports(workers, host)
    addresses = [f"{host}:{port}" for port in ports]
    cluster = {"worker": addresses}
    return [{
        "KERAS_DISTRIBUTION_JOB_ADDRESSES": ",".join(addresses),
        "KERAS_DISTRIBUTION_NUM_PROCESSES": str(workers),
        "KERAS_DISTRIBUTION_PROCESS_ID": str(rank),
        "TF_CONFIG": json.dumps({"cluster": cluster, "task": {"type": "worker", "index": rank}}),
    } for rank in range(workers)]


class Prefixer:
    """Copies one worker stream to ours a whole line at a time, ``[rank] `` at the start of every
    line and after every carriage return, so ranks writing at once never split each other's
    lines; keeps the stream's last lines.

    A line a worker leaves unfinished (a prompt, a progress bar between updates) is written as it
    stands once the stream has been quiet for ``partial_wait`` seconds."""

    def __init__(self, rank, source, target, lock, partial_wait=PARTIAL_WAIT):
        self.prefix = f"[{rank}] ".encode()
        self.partial_wait = partial_wait
        self.source, self.target, self.lock = source, target, lock
        self.tail = []
        self.at_start = True
        self.thread = threading.Thread(target=self._copy, daemon=True)
        self.thread.start()

    def _copy(self):
        fd, pending, partial = self.source.fileno(), b"", b""
        while True:
            quiet = self.partial_wait if pending else None
            if not select.select([fd], [], [], quiet)[0]:
                self._write(pending)
                pending = b""
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            partial = self._keep(partial + chunk)
            pending += chunk
            end = max(pending.rfind(b"\n"), pending.rfind(b"\r")) + 1
            self._write(pending[:end])
            pending = pending[end:]
        self._write(pending)
        if partial:
            self._keep(partial + b"\n")
        if not self.at_start:
            self._write(b"\n")

    def _write(self, data):
        """Write ``data`` with the prefix put at each line start."""
        if not data:
            return
        out = bytearray()
        for line in re.split(rb"(?<=[\r\n])", data):
            if line:
                out += (self.prefix if self.at_start else b"") + line
                self.at_start = line[-1:] in (b"\n", b"\r")
        with self.lock:
            self.target.write(bytes(out))
            self.target.flush()

    def _keep(self, data):
        *lines, rest = data.split(b"\n")
        self.tail = (self.tail + [line.decode(errors="replace") for line in lines])[-ERROR_LINES:]
        return rest

    def join(self):
        self.thread.join()


class Worker:
    def __init__(self, rank, command, env, lock):
        self.rank = rank
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        self.stdout = Prefixer(rank, self.process.stdout, sys.stdout.buffer, lock)
        self.stderr = Prefixer(rank, self.process.stderr, sys.stderr.buffer, lock)

    def signal(self, signum):
        """Send ``signum`` to the worker's process group (it and whatever it started)."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signum)
            except ProcessLookupError:
                pass

    def finish(self):
        self.process.wait()
        self.stdout.join()
        self.stderr.join()
        return self.process.returncode


def _parse(argv):
    workers, rest = 2, list(argv)
    while rest and rest[0].startswith("--"):
        flag = rest.pop(0)
        if flag == "--":
            break
        if flag.startswith("--workers"):
            value = flag.partition("=")[2] or (rest.pop(0) if rest else "")
            if not value.isdigit() or int(value) < 1:
                raise ValueError(f"--workers needs a whole number of at least 1, not {value!r}")
            workers = int(value)
        else:
            raise ValueError(f"unknown option {flag!r}")
    if not rest:
        raise ValueError("missing the R script to run")
    return workers, rest[0], rest[1:]


def main(argv):
    try:
        workers, script, args = _parse(argv)
    except ValueError as exc:
        print(f"pyreticulate launch: {exc}\nusage: {USAGE}", file=sys.stderr)
        return 2
    if not os.path.isfile(script):
        print(f"pyreticulate launch: cannot open file '{script}': No such file", file=sys.stderr)
        return 2
    return run(workers, script, args)


def run(workers, script, args=()):
    """Start ``workers`` ranks of ``script``, stream their output, return the job's exit status."""
    command = [sys.executable, "-m", "pyreticulate", "run", script, *args]
    lock = threading.Lock()
    started = []
    previous = signal.getsignal(signal.SIGINT)
    interrupted = []
    signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    try:
        for rank, env in enumerate(worker_environments(workers)):
            started.append(Worker(rank, command, {**os.environ, "PYTHONUNBUFFERED": "1", **env},
                                  lock))
        return _supervise(started, interrupted)
    finally:
        for worker in started:
            worker.signal(signal.SIGKILL)
        signal.signal(signal.SIGINT, previous)


def _supervise(started, interrupted):
    failed = None
    while failed is None and not interrupted:
        running = [w for w in started if w.process.poll() is None]
        failed = next((w for w in started if w.process.poll() not in (None, 0)), None)
        if not running or failed is not None:
            break
        time.sleep(0.1)
    if failed is None and not interrupted:
        return max(worker.finish() for worker in started)
    for worker in started:
        worker.signal(signal.SIGINT if interrupted else signal.SIGTERM)
    _stop(started)
    if interrupted:
        print("pyreticulate launch: interrupted; all workers stopped", file=sys.stderr)
        return 130
    status = failed.process.returncode
    how = f"exit status {status}" if status > 0 else f"killed by signal {-status}"
    stopped = [str(w.rank) for w in started if w is not failed]
    lines = "\n".join(f"  {line}" for line in failed.stderr.tail if line.strip())
    print(f"pyreticulate launch: worker {failed.rank} failed ({how})"
          + (f"; stopped worker(s) {', '.join(stopped)}" if stopped else "")
          + (f"\nworker {failed.rank}'s last error output:\n{lines}" if lines else ""),
          file=sys.stderr)
    return status if status > 0 else 128 - status  # killed by a signal: 128 + its number


def _stop(started):
    deadline = time.monotonic() + STOP_GRACE
    for worker in started:
        try:
            worker.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            worker.signal(signal.SIGKILL)
        worker.finish()
