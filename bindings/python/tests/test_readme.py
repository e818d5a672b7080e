"""The README's C and Python examples really run and print what the README says."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from support import REPO, readme_block


def test_python_example_runs_from_the_clone_root_as_the_readme_says(tmp_path: Path) -> None:
    """The README's command, exactly as written, in a directory laid out as the clone's root (its
    bindings and build), with python3 the interpreter under test and no PYTHONPATH set."""
    root = tmp_path / "clone"
    root.mkdir()
    for name in ("bindings", "build"):
        (root / name).symlink_to(REPO / name)
    (root / "example.py").write_text(readme_block("python"), encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    command = readme_block("sh", "## From Python").strip()
    assert command == "PYTHONPATH=bindings/python python3 example.py"
    hidden = ("PYTHONPATH", "NAVCORE_LIBRARY", "LD_LIBRARY_PATH")
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    result = subprocess.run(["sh", "-c", command], cwd=root, capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == readme_block("text", "## From Python")


def test_c_example_prints_what_the_readme_says(tmp_path: Path) -> None:
    source = tmp_path / "app.c"
    source.write_text(readme_block("c"), encoding="utf-8")
    program = tmp_path / "app"
    compiler = os.environ.get("CC") or shutil.which("cc") or "gcc"
    lib = REPO / "build" / "lib"
    subprocess.run(
        [compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{REPO / 'Include'}", str(source),
         f"-L{lib}", f"-Wl,-rpath,{lib}", "-lnavcore", "-o", str(program)],
        check=True, timeout=120)
    result = subprocess.run([str(program)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == readme_block("text", "## From C")
