/*
 * flow_seeds.c - runs fuzz_flow over the files named on the command line
 * (its committed seeds, Tests/fuzz/seeds/flow), without libFuzzer, against
 * the library make builds; each broken promise aborts, as under libFuzzer.
 *
 * Built with status_log.h, so that make test-c records the status of every
 * call the seeds make (NAVCORE_STATUS_LOG) for Tests/errors. fuzz_flow.c is
 * included, not linked, so that its calls are the recorded ones and the seed
 * being run is named beside them.
 */
#include "../c/status_log.h"

#include "fuzz_flow.c"

/* Runs each seed file once; exits non-zero when one cannot be read. */
int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        uint8_t data[16384];
        FILE *file = fopen(argv[i], "rb");
        size_t size;
        if (file == NULL) {
            fprintf(stderr, "flow_seeds: cannot read %s\n", argv[i]);
            return 1;
        }
        size = fread(data, 1, sizeof data, file);
        fclose(file);
        status_log_context = argv[i];
        LLVMFuzzerTestOneInput(data, size);
    }
    printf("flow_seeds: %d seeds ran\n", argc - 1);
    return 0;
}
