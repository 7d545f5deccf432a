#!/usr/bin/env python3
"""Helpers of scripts/cts/run.sh (SYCL-CTS against usycl).

  cts.py plan <build-dir> <category>...
      For each category: the test objects and executables its build.ninja
      rules define, as JSON on stdout.
  cts.py stale <build-dir> <objects.json>
      After a `ninja -k 0` build: which objects are still out of date
      (their compile failed), read from `ninja -n`.
  cts.py run <executable> <device-regex> <timeout-s> <log-dir>
      Runs every Catch2 test case of one executable. The whole program runs
      once with the XML reporter; cases it did not finish (a hang past the
      timeout, a crash) run again one at a time, each under the timeout, so a
      hang or a crash counts as one failed case and never stops the run.
      Prints one JSON object: passed, failed, skipped, and the failed names.
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# A category is a folder under tests/: `queue`, or `extension/<name>`.
OBJ_RE = re.compile(r"^build (tests/([^ :]+?)/CMakeFiles/[^ :]+_objects\.dir/[^ :]+\.o):")
EXE_RE = re.compile(r"^build (bin/[^ :]+): CXX_EXECUTABLE_LINKER__\S+ (.*)$")


def plan(build_dir, categories):
    wanted = set(categories)
    out = {c: {"objects": [], "executables": []} for c in categories}
    with open(os.path.join(build_dir, "build.ninja")) as f:
        for line in f:
            m = OBJ_RE.match(line)
            if m and m.group(2) in wanted:
                out[m.group(2)]["objects"].append(m.group(1))
                continue
            m = EXE_RE.match(line)
            if m:
                # The executable belongs to the category whose objects it links.
                for inp in m.group(2).split():
                    cm = re.match(r"tests/([^ :]+?)/CMakeFiles/", inp)
                    if cm and cm.group(1) in wanted:
                        exes = out[cm.group(1)]["executables"]
                        if m.group(1) not in exes:
                            exes.append(m.group(1))
                        break
    json.dump(out, sys.stdout)


def stale(build_dir, objects):
    # `ninja -n` prints the commands it would still run; an object listed
    # there did not compile. -k 0 so one failure does not hide the others.
    if not objects:
        print("[]")
        return
    r = subprocess.run(["ninja", "-C", build_dir, "-n", "-k", "0"] + objects,
                       capture_output=True, text=True)
    pending = set(re.findall(r"(tests/\S+?\.o)\b", r.stdout))
    # `ninja -n` lists nothing when it would first re-run CMake (after a
    # reinstall touched what the configuration reads): an object that does
    # not exist did not compile either way.
    pending |= {o for o in objects if not os.path.exists(os.path.join(build_dir, o))}
    json.dump(sorted(o for o in objects if o in pending), sys.stdout)


def catch_escape(name):
    # Catch2 test specs: ',' separates, '[' opens a tag, '*' is a wildcard,
    # '\' escapes; a leading '~' or '-' negates.
    s = re.sub(r"([\\,\[\]*])", r"\\\1", name)
    if s[:1] in ("~", "-", "\""):
        s = "\\" + s
    return s


def parse_results(path):
    """{test case name: 'passed'|'failed'|'skipped'} from a Catch2 XML report
    (possibly cut short: only complete TestCase elements count)."""
    results = {}
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return results
    for m in re.finditer(r"<TestCase\b.*?</TestCase>", text, re.S):
        try:
            tc = ET.fromstring(m.group(0))
        except ET.ParseError:
            continue
        overall = tc.find("OverallResult")
        if overall is None:
            continue
        # Catch2's XML report trims the name; --list-tests keeps a trailing
        # space some suite names have ("... fp16 type "): compare trimmed.
        name = tc.get("name").strip()
        if overall.get("success") != "true":
            results[name] = "failed"
        elif int(overall.get("skips", "0")) > 0:
            results[name] = "skipped"
        else:
            results[name] = "passed"
    return results


def run_program(args, timeout, log):
    with open(log, "wb") as out:
        try:
            p = subprocess.run(args, stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
            return p.returncode
        except subprocess.TimeoutExpired:
            return "timeout"


def test_names(listing):
    """The <Name>s of a --list-tests XML listing. Catch2 may print garbage in
    a legacy test's <ClassName> (the suite registers it with a dangling
    temporary), which is not well-formed XML; the names themselves are fine."""
    if not listing:
        return []
    try:
        return [n.text for n in ET.fromstring(listing).iter("Name")]
    except ET.ParseError:
        return [unescape_xml(m) for m in re.findall(r"<Name>(.*?)</Name>", listing)]


def unescape_xml(text):
    for ent, ch in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&")):
        text = text.replace(ent, ch)
    return text


def run(exe, device, timeout, log_dir):
    os.makedirs(log_dir, exist_ok=True)
    base = os.path.join(log_dir, os.path.basename(exe))
    dev = ["--device", device] if device else []
    listing = subprocess.run([exe, "--list-tests", "--reporter", "xml"] + dev,
                             capture_output=True, text=True, timeout=120)
    names = test_names(listing.stdout)
    report = base + ".xml"
    if os.path.exists(report):
        os.remove(report)
    # The whole program, bounded by the sum of per-case timeouts.
    run_program([exe, "--reporter", "xml", "--out", report] + dev,
                timeout * max(1, len(names)), base + ".log")
    results = parse_results(report)
    notes = {}
    for name in names:
        if name.strip() in results:
            continue
        one = base + ".case.xml"
        if os.path.exists(one):
            os.remove(one)
        rc = run_program([exe, catch_escape(name), "--reporter", "xml", "--out", one] + dev,
                         timeout, base + ".case.log")
        got = parse_results(one).get(name.strip())
        if got is None:
            got = "failed"
            notes[name] = "hang (timeout %ss)" % timeout if rc == "timeout" else "crash (exit %s)" % rc
        results[name.strip()] = got
    summary = {k: sum(1 for n in names if results.get(n.strip()) == k)
               for k in ("passed", "failed", "skipped")}
    summary["failed_cases"] = [n + (" -- " + notes[n] if n in notes else "")
                               for n in names if results.get(n.strip()) == "failed"]
    json.dump(summary, sys.stdout)


def main():
    cmd = sys.argv[1]
    if cmd == "plan":
        plan(sys.argv[2], sys.argv[3:])
    elif cmd == "stale":
        stale(sys.argv[2], json.load(open(sys.argv[3])))
    elif cmd == "run":
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        sys.exit("cts.py: unknown command " + cmd)


if __name__ == "__main__":
    main()
