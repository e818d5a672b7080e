"""The README's C and Python examples really run and print what the README says."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from support import REPO, readme_block


def test_python_example_prints_what_the_readme_says(tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(readme_block("python"), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
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
