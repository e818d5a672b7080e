"""The ctypes prototypes of every C function of Include/navcore.h, written by scripts/gen_prototypes.py from
Include/navcore_api.json (docs/api-description.md): do not edit, regenerate."""

from ctypes import CFUNCTYPE, POINTER, c_char_p, c_int, c_int64, c_void_p
from typing import Any, Dict, List, Tuple

#: ``navcore_listener``: ``void (*)(const char *transition_json, void *user_data)``.
LISTENER = CFUNCTYPE(None, c_char_p, c_void_p)
#: ``navcore_validator``: ``int (*)(const char *entry_json, void *user_data)``.
VALIDATOR = CFUNCTYPE(c_int, c_char_p, c_void_p)
#: ``navcore_guard``: ``int (*)(const char *proposal_json, navcore_guard_decision *decision, void *user_data)``.
GUARD = CFUNCTYPE(c_int, c_char_p, c_void_p, c_void_p)
#: ``navcore_destroy``: ``void (*)(void *user_data)``.
DESTROY = CFUNCTYPE(None, c_void_p)

_OUT = POINTER(c_void_p)  # char ** and navcore_navigator **: read as a raw pointer, never c_char_p

#: Every function of the header: name -> (restype, argtypes).
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "navcore_version": (c_char_p, []),
    "navcore_version_number": (c_int, []),
    "navcore_status_string": (c_char_p, [c_int]),
    "navcore_last_error_message": (c_char_p, []),
    "navcore_last_error_path": (c_char_p, []),
    "navcore_error_text": (c_void_p, [c_int]),
    "navcore_string_free": (None, [c_void_p]),
    "navcore_navigator_new": (c_int, [c_char_p, _OUT]),
    "navcore_navigator_new_from_file": (c_int, [c_char_p, _OUT]),
    "navcore_navigator_new_locale": (c_int, [c_char_p, c_char_p, _OUT]),
    "navcore_navigator_free": (None, [c_void_p]),
    "navcore_apply": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_push": (c_int, [c_void_p, c_char_p, c_char_p, _OUT]),
    "navcore_pop": (c_int, [c_void_p, c_int, _OUT]),
    "navcore_pop_to_root": (c_int, [c_void_p, _OUT]),
    "navcore_set_stack": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_select_tab": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_present": (c_int, [c_void_p, c_char_p, c_char_p, c_char_p, _OUT]),
    "navcore_dismiss": (c_int, [c_void_p, c_int, _OUT]),
    "navcore_back": (c_int, [c_void_p, _OUT]),
    "navcore_pop_to": (c_int, [c_void_p, c_int64, c_int, _OUT]),
    "navcore_replace": (c_int, [c_void_p, c_char_p, c_char_p, _OUT]),
    "navcore_reset_tab": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_reset_all": (c_int, [c_void_p, _OUT]),
    "navcore_select": (c_int, [c_void_p, c_char_p, c_char_p, _OUT]),
    "navcore_set_entry_state": (c_int, [c_void_p, c_int64, c_char_p, _OUT]),
    "navcore_back_preview": (c_int, [c_void_p, _OUT]),
    "navcore_view_model": (c_int, [c_void_p, _OUT]),
    "navcore_set_compact": (c_int, [c_void_p, c_int, _OUT]),
    "navcore_set_condition": (c_int, [c_void_p, c_char_p, c_int, _OUT]),
    "navcore_set_locale": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_condition": (c_int, [c_void_p, c_char_p, POINTER(c_int)]),
    "navcore_set_blocker": (c_int, [c_void_p, c_int64, c_char_p, _OUT]),
    "navcore_last_blocked": (c_char_p, []),
    "navcore_last_blocked_copy": (c_void_p, []),
    "navcore_proceed": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_take_result": (c_int, [c_void_p, c_int64, _OUT]),
    "navcore_open_url": (c_int, [c_void_p, c_char_p, c_int, _OUT]),
    "navcore_resolve_url": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_url_for": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_stack_url": (c_int, [c_void_p, _OUT]),
    "navcore_state": (c_int, [c_void_p, _OUT]),
    "navcore_stack": (c_int, [c_void_p, _OUT]),
    "navcore_snapshot": (c_int, [c_void_p, _OUT]),
    "navcore_restore": (c_int, [c_void_p, c_char_p, VALIDATOR, c_void_p, _OUT]),
    "navcore_record": (c_int, [c_void_p, c_int]),
    "navcore_log": (c_int, [c_void_p, _OUT]),
    "navcore_replay": (c_int, [c_void_p, c_char_p, _OUT]),
    "navcore_subscribe": (c_int, [c_void_p, LISTENER, c_void_p, POINTER(c_int64)]),
    "navcore_subscribe_with_destroy": (c_int, [c_void_p, LISTENER, c_void_p, DESTROY, POINTER(c_int64)]),
    "navcore_unsubscribe": (c_int, [c_void_p, c_int64]),
    "navcore_subscribe_view": (c_int, [c_void_p, LISTENER, c_void_p, POINTER(c_int64)]),
    "navcore_subscribe_view_with_destroy": (c_int, [c_void_p, LISTENER, c_void_p, DESTROY, POINTER(c_int64)]),
    "navcore_subscribe_blocked": (c_int, [c_void_p, LISTENER, c_void_p, POINTER(c_int64)]),
    "navcore_subscribe_blocked_with_destroy": (c_int, [c_void_p, LISTENER, c_void_p, DESTROY, POINTER(c_int64)]),
    "navcore_set_guard": (c_int, [c_void_p, GUARD, c_void_p]),
    "navcore_set_guard_with_destroy": (c_int, [c_void_p, GUARD, c_void_p, DESTROY]),
    "navcore_guard_deny": (c_int, [c_void_p, c_char_p]),
    "navcore_guard_redirect": (c_int, [c_void_p, c_char_p]),
    "navcore_table_report": (c_int, [c_void_p, _OUT]),
    "navcore_check": (c_int, [c_char_p, c_char_p, _OUT]),
}
