import XCTest
@testable import NavCore

/// The law of paying for what is asked (docs/guarantees.md, 10): a batch
/// applied without describing it commits what the same batch described
/// commits, and its outcome says what that transition says; a restore or
/// replay adopted without its transition announces what the transition would.
enum OutcomeLaw {
    /// Applies `batch` both ways to copies of `nav` and compares them; returns
    /// the described copy, and the announcement when the batch changed something.
    static func compare(_ batch: [Action], on nav: Navigator, _ context: String) -> (Navigator, announcement: Announcement?) {
        var described = nav, lean = nav
        let full = Result { () throws(NavError) in try described.apply(batch, describing: true) { (_) throws(NavError) in () }.outcome }
        let cheap = Result { () throws(NavError) in try lean.apply(batch, describing: false) { (_) throws(NavError) in () }.outcome }
        XCTAssertEqual(described, lean, "\(context): \(batch)")
        switch (full, cheap) {
        case (.success(let full), .success(let cheap)):
            guard let transition = full.transition else {
                XCTFail("\(context): a described batch has no transition")
                return (described, nil)
            }
            XCTAssertEqual(cheap.changed, transition.changed, "\(context): \(batch)")
            XCTAssertEqual(full.changed, transition.changed, "\(context): \(batch)")
            XCTAssertEqual(cheap.seq, transition.seq, "\(context): \(batch)")
            XCTAssertEqual(cheap.announcement(in: lean), Announcement(of: transition), "\(context): \(batch)")
            let removed = Set(transition.changes.flatMap(\.removed))
            XCTAssertTrue(removed.isSubset(of: cheap.removable), "\(context): \(batch) removed \(removed), may forget \(cheap.removable)")
            if let built = cheap.transition { XCTAssertEqual(built, transition, "\(context): \(batch)") }
            return (described, cheap.announcement(in: lean))
        case (.failure(let full), .failure(let cheap)):
            XCTAssertEqual(full, cheap, "\(context): \(batch)")
        default:
            XCTFail("\(context): \(batch) succeeded one way only: \(full) vs \(cheap)")
        }
        return (described, nil)
    }

    /// Adopts `other` into copies of `nav` (a restore or replay) with and
    /// without its transition and compares them; returns the described copy and its announcement.
    static func compareAdoption(of other: Navigator, into nav: Navigator, cause: Cause, _ context: String) throws
        -> (Navigator, announcement: Announcement?) {
        var described = nav, lean = nav
        let transition = described.adopt(other, cause: cause)
        let (outcome, _) = try lean.adopt(other, cause: cause, describing: false) { (_, _) throws(NavError) in () }
        XCTAssertEqual(described, lean, context)
        XCTAssertNil(outcome.transition, context)
        XCTAssertEqual(outcome.changed, transition.changed, context)
        XCTAssertEqual(outcome.seq, transition.seq, context)
        XCTAssertEqual(outcome.announcement(in: lean), Announcement(of: transition), context)
        return (described, outcome.announcement(in: lean))
    }
}
