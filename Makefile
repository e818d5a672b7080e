# navcore build, test, demo, bench and install.
#   make          build the release library into build/lib
#   make test     Swift, C (also under valgrind) and Python suites, plus the conformance vectors
#   make demo     the interactive shop shell (a scripted tour when stdin is not a terminal)
#   make bench    benchmarks, as ratios to a floor measured in the same run
#   make install PREFIX=/usr/local

PREFIX     ?= /usr/local
VERSION    := $(shell sed -n 's/^#define NAVCORE_VERSION "\(.*\)"/\1/p' Include/navcore.h)
SOVERSION  := 0
BUILD      := build
LIBDIR     := $(BUILD)/lib
LIB        := $(LIBDIR)/libnavcore.so
REAL_LIB   := $(LIBDIR)/libnavcore.so.$(VERSION)
SWIFT_RELEASE := -c release -Xswiftc -static-stdlib
CC         ?= cc
CXX        ?= c++
PYTHON     ?= python3
CFLAGS_TEST := -std=c99 -Wall -Wextra -Werror -pedantic -g -pthread -IInclude
JANSSON_FLAGS = $(shell pkg-config --cflags --libs jansson 2>/dev/null)
VALGRIND   := valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 --quiet --suppressions=$(CURDIR)/Tests/c/swift-runtime.supp

C_TESTS    := $(patsubst Tests/c/%.c,$(BUILD)/tests/%,$(wildcard Tests/c/test_*.c))

.PHONY: all lib deps test test-swift test-c test-example test-valgrind test-python demo bench install clean

all: lib

## deps: install libjansson-dev (and pkg-config, valgrind, libr3-dev for the bench) when missing, as root with apt-get
deps:
	@if pkg-config --exists jansson r3 2>/dev/null && command -v valgrind >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing libjansson-dev pkg-config valgrind libr3-dev with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjansson-dev pkg-config valgrind libr3-dev >/dev/null; \
	else \
	  echo "navcore needs jansson's headers, pkg-config and valgrind (and libr3-dev for make bench). Run:"; \
	  echo "  sudo apt-get install -y libjansson-dev pkg-config valgrind libr3-dev"; exit 1; \
	fi

lib: deps
	swift build $(SWIFT_RELEASE) --product navcore
	@mkdir -p $(LIBDIR)
	@# Replace the library by rename, never in place: a process that has it loaded keeps a valid mapping.
	cp .build/release/libnavcore.so $(REAL_LIB).tmp
	strip --strip-unneeded $(REAL_LIB).tmp
	if cmp -s $(REAL_LIB).tmp $(REAL_LIB); then rm $(REAL_LIB).tmp; else mv -f $(REAL_LIB).tmp $(REAL_LIB); fi
	ln -sf libnavcore.so.$(VERSION) $(LIBDIR)/libnavcore.so.$(SOVERSION)
	ln -sf libnavcore.so.$(SOVERSION) $(LIB)

test: lib test-swift test-c test-example test-valgrind test-python

test-swift: deps
	swift test --disable-swift-testing

$(BUILD)/tests/%: Tests/c/%.c Tests/c/check.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/tests
	$(CC) $(CFLAGS_TEST) -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)

## test-c: every Tests/c/test_*.c, plus the header compiled as C++
test-c: lib $(C_TESTS)
	$(CXX) -std=c++11 -Wall -Wextra -Werror -pedantic -IInclude -fsyntax-only -x c++ Tests/c/header_cpp.cpp
	@fail=0; for t in $(C_TESTS); do echo "== $$t"; (cd Tests/vectors && ../../$$t) || fail=1; done; exit $$fail

## test-example: examples/hello.c, written from the header alone, builds and runs
test-example: lib
	$(CC) -std=c99 -Wall -Wextra -Werror -pedantic -IInclude examples/hello.c -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/lib' -lnavcore -o $(BUILD)/hello
	$(BUILD)/hello >/dev/null

test-valgrind: lib $(C_TESTS)
	@fail=0; for t in $(C_TESTS); do echo "== valgrind $$t"; (cd Tests/vectors && NAVCORE_TEST_SCALE=10 $(VALGRIND) ../../$$t >/dev/null) || fail=1; done; exit $$fail

test-python: lib
	$(PYTHON) -m pytest -q bindings/python/tests

demo: lib
	$(PYTHON) examples/shop_shell.py

$(BUILD)/bench/bench: Tests/bench/bench.c Tests/bench/measure.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(JANSSON_FLAGS)

## the links bench also links libr3 (Debian libr3-dev), the C URL router it compares with
$(BUILD)/bench/bench_links: Tests/bench/bench_links.c Tests/bench/measure.h Include/navcore.h $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c99 -O2 -Wall -Wextra -IInclude -o $@ $< -L$(LIBDIR) -Wl,-rpath,'$$ORIGIN/../lib' -lnavcore $(shell pkg-config --cflags --libs r3)

bench: lib $(BUILD)/bench/bench $(BUILD)/bench/bench_links
	$(BUILD)/bench/bench
	@echo
	$(BUILD)/bench/bench_links
	@echo
	$(PYTHON) Tests/bench/bench_links.py

## fuzz: the seeded Swift tests (those using SeededRun) and the hypothesis tests, NAVCORE_FUZZ_SCALE times
## their usual rounds, from NAVCORE_FUZZ_SEED (random unless given; printed, so a failure reruns exactly)
.PHONY: fuzz
NAVCORE_FUZZ_SCALE ?= 20
FUZZ_SWIFT  = $(shell grep -l 'SeededRun' Tests/NavCoreTests/*.swift Tests/NavCoreJSONTests/*.swift | xargs -n1 basename | sed 's/\.swift$$//' | paste -sd'|')
FUZZ_PYTHON = $(shell grep -l '@given' bindings/python/tests/test_*.py)
fuzz: lib
	@seed=$(NAVCORE_FUZZ_SEED); seed=$${seed:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	echo "fuzz: NAVCORE_FUZZ_SEED=$$seed NAVCORE_FUZZ_SCALE=$(NAVCORE_FUZZ_SCALE) (make fuzz NAVCORE_FUZZ_SEED=$$seed reruns it)"; \
	export NAVCORE_FUZZ_SEED=$$seed NAVCORE_FUZZ_SCALE=$(NAVCORE_FUZZ_SCALE); \
	swift test --disable-swift-testing --filter '$(FUZZ_SWIFT)' && \
	$(PYTHON) -m pytest -q -s --hypothesis-seed=$$seed $(FUZZ_PYTHON)

install: lib
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(REAL_LIB) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libnavcore.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libnavcore.so.$(SOVERSION)
	ln -sf libnavcore.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libnavcore.so
	install -m 644 Include/navcore.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' Include/navcore.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/navcore.pc

clean:
	rm -rf $(BUILD) .build
