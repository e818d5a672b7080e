import CNavcore
import XCTest
import NavCore
import NavCoreJSON
import NavCoreSession

/// Every number of the C contract is defined once in Swift, where it is used,
/// and once in `Include/navcore.h`, where C reads it: this test holds them equal
/// (the Python binding's copies are checked against the header by its own tests).
final class HeaderConstantsTests: XCTestCase {
    func testEveryLimitAndTheFormatNumberAreTheHeaders() {
        XCTAssertEqual(DocumentFormat.current, Int(NAVCORE_FORMAT))
        XCTAssertEqual(Navigator.maxCounter, Int(NAVCORE_MAX_COUNTER))
        XCTAssertEqual(Navigator.maxBatchActions, Int(NAVCORE_MAX_BATCH_ACTIONS))
        XCTAssertEqual(ActionDecoder.maxBatchBytes, Int(NAVCORE_MAX_BATCH_BYTES))
        XCTAssertEqual(SnapshotDecoder.maxBytes, Int(NAVCORE_MAX_SNAPSHOT_BYTES))
        XCTAssertEqual(JSONValue.maxDepth, Int(NAVCORE_MAX_ENTRY_STATE_DEPTH))
        XCTAssertEqual(JSONValue.maxSize, Int(NAVCORE_MAX_ENTRY_STATE_SIZE))
        XCTAssertEqual(ActionLog<Navigator>.defaultCapacity, Int(NAVCORE_MAX_LOG_BATCHES))
        XCTAssertEqual(ParamType.maxStringBytes, Int(NAVCORE_MAX_STRING_PARAM_BYTES))
        XCTAssertEqual(LinkTable.maxURLBytes, Int(NAVCORE_MAX_URL_BYTES))
        XCTAssertEqual(Redirects.maxLimit, Int(NAVCORE_MAX_REDIRECT_LIMIT))
        XCTAssertEqual(Session.maxGuardRounds, Int(NAVCORE_MAX_GUARD_ROUNDS))
        XCTAssertEqual(Session.maxHeldBatches, Int(NAVCORE_MAX_HELD_BATCHES))
    }

    func testEveryErrorKindIsTheHeadersStatusCode() {
        let header: [NavError.Kind: Int32] = [
            .invalidArgument: NAVCORE_EINVAL, .outOfMemory: NAVCORE_ENOMEM, .json: NAVCORE_EJSON, .table: NAVCORE_ETABLE,
            .action: NAVCORE_EACTION, .route: NAVCORE_EROUTE, .params: NAVCORE_EPARAMS, .noEntry: NAVCORE_ENOENTRY,
            .cascade: NAVCORE_ECASCADE, .internal: NAVCORE_EINTERNAL, .noMatch: NAVCORE_ENOMATCH, .tab: NAVCORE_ETAB,
            .restore: NAVCORE_ERESTORE, .limit: NAVCORE_ELIMIT, .redirect: NAVCORE_EREDIRECT, .denied: NAVCORE_EDENIED,
            .blocked: NAVCORE_EBLOCKED,
        ]
        XCTAssertEqual(Set(header.keys), Set(NavError.Kind.allCases))
        for (kind, code) in header { XCTAssertEqual(kind.rawValue, code, kind.statusName) }
    }

    func testTheValidatorAnswersAreTheHeaders() {
        XCTAssertEqual(Verdict(hostAnswer: Int32(NAVCORE_KEEP)), .keep)
        XCTAssertEqual(Verdict(hostAnswer: Int32(NAVCORE_VETO)), .veto)
    }
}
