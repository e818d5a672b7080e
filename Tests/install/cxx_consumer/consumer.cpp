// A C++ program using navcore as CMake's navcore::navcore: the header's version against the library's,
// a navigator owned by a std::unique_ptr, and each string navcore returns copied into a std::string
// and freed with navcore_string_free.
#include <cstdio>
#include <memory>
#include <string>

#include "navcore.h"

namespace {

struct NavigatorFree {
    void operator()(navcore_navigator *nav) const { navcore_navigator_free(nav); }
};
using Navigator = std::unique_ptr<navcore_navigator, NavigatorFree>;

// The text of an owned navcore string, which it frees.
std::string take(char *text) {
    std::string copy = text ? text : "";
    navcore_string_free(text);
    return copy;
}

const char table[] = R"({"navcore": 1, "root": "home", "routes": {
    "home": {"title": "Home"}, "product": {"params": {"id": "int"}, "title": "Product {id}"}}})";

}  // namespace

int main() {
    std::printf("header %s, library %s\n", NAVCORE_VERSION, navcore_version());
    navcore_navigator *raw = nullptr;
    if (navcore_navigator_new(table, &raw) != NAVCORE_OK) {
        std::fprintf(stderr, "%s\n", navcore_last_error_message());
        return 1;
    }
    Navigator nav(raw);
    char *transition = nullptr;
    int rc = navcore_push(nav.get(), "product", R"({"id": 42})", &transition);
    std::printf("push: %s\n", navcore_status_string(rc));
    std::printf("%s\n", take(transition).c_str());
    rc = navcore_push(nav.get(), "prodcut", R"({"id": 7})", nullptr);
    std::printf("%s\n", take(navcore_error_text(rc)).c_str());
    return 0;
}
