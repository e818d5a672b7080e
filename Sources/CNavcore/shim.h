/* Brings the C contract, Include/navcore.h, into Swift as the CNavcore module,
 * so that the library takes its version (and any other constant of the
 * contract) from the header itself rather than from a copy. */
#include "../../Include/navcore.h"

/** NAVCORE_VERSION as a function: Swift imports a string macro as a Swift
 *  String, not as a C string with static storage. */
static inline const char *cnavcore_version(void) {
    return NAVCORE_VERSION;
}

/** NAVCORE_VERSION_NUMBER as a function: Swift imports no macro with arithmetic. */
static inline int cnavcore_version_number(void) {
    return NAVCORE_VERSION_NUMBER;
}
