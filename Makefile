# Thin forwarder: CMake holds the build logic (see CMakeLists.txt).
# The two set-up commands are `make run` and `make test`; every target installs what is
# missing first (deps). `make install PREFIX=/usr DESTDIR=/tmp/stage` stages an install.
# PREFIX is configured at a tree's first configure (its GNUInstallDirs folders: the multiarch
# libdir under /usr); `make install PREFIX=...` later installs that same layout under another
# prefix (cmake --install --prefix) and never reconfigures, so it compiles nothing again.
JOBS        ?= 2
BUILD       ?= build
FUZZ_SECONDS ?= 60
# kernel-check: cases per group (KERNEL_CHECK_CASES in the environment wins), and the seed
KC_CASES    ?= 200000
KC_FULL_CASES ?= 5000000
KERNEL_CHECK_SEED ?= 1
CMAKE_FLAGS ?=
PREFIX      ?= /usr/local
DESTDIR     ?=

.PHONY: all deps configure build debug test run install uninstall asan coverage abi-baseline bench fuzz kernel-check kernel-check-full kernel-check-mutants slurm-check clean

all: build

deps:
	@tools/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX) \
	  $(CMAKE_FLAGS)

# What `make run` and `make install` need: the program, both libraries and the man pages, not
# the tests, tools and fuzz drivers that `make build` adds.
PROGRAMS = capsim capsim_lib capsim_man

# deps first, then configure: a recursive make, so that -j cannot configure before deps.
# With PGO_TRAIN=1 the first build of a tree trains a profile-guided optimization: the program
# instrumented, tools/pgo-train.sh's runs of the shipped scenarios, then the build that uses the
# profile; later builds reuse it (code changed since is optimized as usual). Off by default: it
# compiles the library twice, more than a first `make run` should cost, and the -O3 LTO build
# without it runs within 10 % of the trained release build (make bench; bench/README.md).
PGO_TRAIN ?= 0
configure: deps
	@$(MAKE) --no-print-directory $(BUILD)/CMakeCache.txt
ifeq ($(PGO_TRAIN),1)
	@$(MAKE) --no-print-directory $(BUILD)/pgo-profile/.trained
endif

build: configure
	cmake --build $(BUILD) -j$(JOBS)

$(BUILD)/pgo-profile/.trained: | $(BUILD)/CMakeCache.txt
	cmake -S . -B $(BUILD) -DCAPSIM_PGO=generate
	cmake --build $(BUILD) -j$(JOBS) --target capsim
	tools/pgo-train.sh $(BUILD)/capsim $(BUILD)/pgo-profile
	cmake -S . -B $(BUILD) -DCAPSIM_PGO=use
	touch $@

# A debugging build (-O0 -g, no LTO or profile) in its own folder.
debug: deps
	cmake -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug $(CMAKE_FLAGS)
	cmake --build build-debug -j$(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# The default scenario's summary, and its HTML report next to the build to open.
run: configure
	cmake --build $(BUILD) -j$(JOBS) --target $(PROGRAMS)
	$(BUILD)/capsim simulate --report $(BUILD)/default-report.html
	@echo "report: $(abspath $(BUILD)/default-report.html)"

# The build's own configuration (type, profile, folders), installed under PREFIX.
install: configure
	cmake --build $(BUILD) -j$(JOBS) --target $(PROGRAMS)
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

# Removes what the last install from $(BUILD) wrote (its install_manifest.txt), under DESTDIR.
uninstall: deps
	DESTDIR=$(DESTDIR) cmake --build $(BUILD) --target uninstall

asan: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCAPSIM_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build build-asan -j$(JOBS)
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ctest --test-dir build-asan --output-on-failure -j$(JOBS)

# A new ABI baseline (abi/libcapsim.abi, docs/api.md "ABI") from this build's libcapsim.so:
# after an intended incompatible change, with the SOVERSION raised; the abi.abidiff test checks
# every build against it.
abi-baseline: build
	tools/abi-check.sh --dump $(BUILD)/libcapsim.so

# Line coverage of src/sim/ and src/output/ by the unit tests alone and by every test (gcov,
# Debian's gcovr): an unoptimized instrumented build in build-cov (tools/coverage.sh).
coverage: deps
	@tools/install-deps.sh gcovr
	cmake -S . -B build-cov -DCMAKE_BUILD_TYPE=Debug -DCAPSIM_COVERAGE=ON $(CMAKE_FLAGS)
	cmake --build build-cov -j$(JOBS)
	JOBS=$(JOBS) tools/coverage.sh build-cov

# The release build, profile-guided by a training run on the shipped scenarios, then measured.
bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DCAPSIM_PGO=generate $(CMAKE_FLAGS)
	cmake --build build-bench -j$(JOBS) --target capsim
	tools/pgo-train.sh build-bench/capsim build-bench/pgo-profile
	cmake -S . -B build-bench -DCAPSIM_PGO=use
	cmake --build build-bench -j$(JOBS) --target capsim capsim_benches
	bench/run.sh build-bench

fuzz: deps
	@tools/install-deps.sh clang libclang-rt-14-dev
	cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAPSIM_FUZZ=ON $(CMAKE_FLAGS)
	cmake --build build-fuzz -j$(JOBS) --target capsim_fuzzers
	fuzz/run.sh build-fuzz $(FUZZ_SECONDS)

# capsim's functions against the kernel's own, cut from Debian's linux-source-6.12 (and, for the
# pre-6.10 model, linux-source-6.1; for v7.3, linux-source-7.3, which the configure fetches with
# tools/kernel-source.sh) at build time (kernel-check/README.md); a mismatching case is printed as a JSON line for --replay.
# The ctest label kernel_check checks first that the path groups call the library's engine.
kernel-check: deps
	@tools/install-deps.sh linux-source-6.12 linux-source-6.1 python3 xz-utils debian-archive-keyring
	cmake -S . -B build-kcheck -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAPSIM_KERNEL_CHECK=ON $(CMAKE_FLAGS)
	cmake --build build-kcheck -j$(JOBS) --target kernel-check
	ctest --test-dir build-kcheck -L kernel_check --output-on-failure
	KERNEL_CHECK_CASES=$${KERNEL_CHECK_CASES:-$(KC_CASES)} KERNEL_CHECK_SEED=$(KERNEL_CHECK_SEED) \
	  build-kcheck/kernel-check/kernel-check

kernel-check-full:
	@$(MAKE) --no-print-directory kernel-check KC_CASES=$(KC_FULL_CASES)

# Mutation check: the engine's and the model's CAPSIM_MUT() points (kernel-check/mutants.txt),
# compiled once into build-mutants and chosen at run time (CAPSIM_MUTANT=N); each must be caught
# by a reduced kernel-check or the engine's and model's unit tests (kernel-check/mutants.sh).
kernel-check-mutants: deps
	@tools/install-deps.sh linux-source-6.12 linux-source-6.1 python3 xz-utils debian-archive-keyring
	cmake -S . -B build-mutants -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAPSIM_KERNEL_CHECK=ON \
	  -DCAPSIM_MUTANTS=ON $(CMAKE_FLAGS)
	cmake --build build-mutants -j$(JOBS) --target kernel-check gen_pelt_tables
	JOBS=$(JOBS) kernel-check/mutants.sh build-mutants

# `capsim sweep --emit slurm`'s job array on a real single-node Slurm the test starts on loopback
# (tests/slurm/sweep_slurm.sh; as root). Debian's slurm-wlm and munge are not in `make deps`:
# on a systemd host their packages enable cluster daemons system-wide.
slurm-check: build
	@tools/install-deps.sh slurm-wlm munge
	ctest --test-dir $(BUILD) --output-on-failure -L slurm

clean:
	rm -rf $(BUILD) build-asan build-cov build-bench build-fuzz build-debug build-kcheck build-mutants
