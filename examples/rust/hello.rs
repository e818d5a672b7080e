//! hello.rs - a first navcore program in Rust, with no crates: its declarations of the C API are
//! navcore_sys.rs, which scripts/gen_rust.py writes from Include/navcore_api.json.
//!
//! Creates a navigator from a small route table, pushes two routes, reads the state and the view
//! model, makes a push fail and reports its status and message, and frees everything. Every string
//! navcore hands out is released with navcore_string_free. make test-rust builds and runs it
//! (docs/api-description.md).

use navcore_sys::*;
use std::ffi::{CStr, CString};
use std::ptr;

const TABLE: &str = r#"{
  "navcore": 1,
  "root": "home",
  "routes": {
    "home":     {"title": "Home"},
    "category": {"params": {"slug": "string"}, "title": "Category {slug}"},
    "product":  {"params": {"id": "int"}, "title": "Product {id}"}
  }
}"#;

/// A C string for a call: borrowed by navcore for the call only.
fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in the text")
}

/// A text navcore owns (static or the thread's), copied.
fn borrowed(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
}

/// A text navcore handed out: copied, then released with navcore_string_free.
fn owned(text: *mut c_char) -> String {
    let copy = borrowed(text);
    unsafe { navcore_string_free(text) };
    copy
}

/// A failed call's status, with the status's name and the thread's last error message.
struct Failure {
    status: c_int,
    message: String,
}

/// The Failure of a call that returned status.
fn failure(status: c_int) -> Failure {
    let message = unsafe { format!("{}: {}", borrowed(navcore_status_string(status)), borrowed(navcore_last_error_message())) };
    Failure { status, message }
}

/// The first string value of `key` in JSON text navcore wrote (`"key":"value"`, its escapes \" and \\ only).
fn string_value(json: &str, key: &str) -> String {
    let marker = format!("\"{}\":\"", key);
    let start = match json.find(&marker) {
        Some(start) => start,
        None => return String::from("(none)"),
    };
    let mut value = String::new();
    let mut chars = json[start + marker.len()..].chars();
    while let Some(ch) = chars.next() {
        match ch {
            '"' => break,
            '\\' => value.extend(chars.next()),
            _ => value.push(ch),
        }
    }
    value
}

/// The number after `"key":` in JSON text navcore wrote, as text.
fn number_value(json: &str, key: &str) -> String {
    let marker = format!("\"{}\":", key);
    match json.find(&marker) {
        Some(start) => json[start + marker.len()..].chars().take_while(|ch| ch.is_ascii_digit()).collect(),
        None => String::from("(none)"),
    }
}

/// Pushes a route; the transition text is handed out and released.
fn push(nav: *mut navcore_navigator, name: &str, params: &str) -> Result<String, Failure> {
    let mut transition: *mut c_char = ptr::null_mut();
    let status = unsafe { navcore_push(nav, c(name).as_ptr(), c(params).as_ptr(), &mut transition) };
    if status != 0 {
        return Err(failure(status));
    }
    Ok(owned(transition))
}

/// A text that a reading call writes to its out-parameter.
fn read(nav: *mut navcore_navigator, call: unsafe extern "C" fn(*const navcore_navigator, *mut *mut c_char) -> c_int) -> Result<String, Failure> {
    let mut text: *mut c_char = ptr::null_mut();
    let status = unsafe { call(nav, &mut text) };
    if status != 0 {
        return Err(failure(status));
    }
    Ok(owned(text))
}

/// The program's steps on a new navigator; a failed call ends them with its Failure.
fn run(nav: *mut navcore_navigator) -> Result<(), Failure> {
    push(nav, "category", r#"{"slug": "shoes"}"#)?;
    let transition = push(nav, "product", r#"{"id": 42}"#)?;
    println!("pushed: {}", string_value(&transition, "title"));
    let state = read(nav, navcore_state)?;
    println!("state: seq {}", number_value(&state, "seq"));
    let view = read(nav, navcore_view_model)?;
    println!("view model: top {:?}, back {:?}", string_value(&view, "announcement"), string_value(&view, "label"));
    match push(nav, "prodcut", "{}") {
        Ok(_) => println!("refused: no, a push of an unknown route succeeded"),
        Err(refused) => {
            println!("refused: {}", refused.message);
            println!("error text: {}", owned(unsafe { navcore_error_text(refused.status) }));
        }
    }
    println!("unchanged: {}", read(nav, navcore_view_model)? == view);
    Ok(())
}

fn main() {
    println!("navcore {}", borrowed(unsafe { navcore_version() }));
    let mut nav: *mut navcore_navigator = ptr::null_mut();
    let status = unsafe { navcore_navigator_new(c(TABLE).as_ptr(), &mut nav) };
    if status != 0 {
        eprintln!("hello: navcore_navigator_new: {}", failure(status).message);
        std::process::exit(1);
    }
    let result = run(nav);
    unsafe { navcore_navigator_free(nav) };
    if let Err(failed) = result {
        eprintln!("hello: {}", failed.message);
        std::process::exit(1);
    }
    println!("freed");
}
