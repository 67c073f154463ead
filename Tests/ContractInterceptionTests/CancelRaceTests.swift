import ContractInterception
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A task cancelled just as its answer arrives. swift-corelibs-foundation reports a cancellation through the
/// protocol's client even when the load has already ended and the task has left its session, and that traps
/// the whole test process; before the fix this suite crashed within its first few hundred rounds.
@Suite struct CancelRaceTests {
    /// How each task ended: with the pet, or cancelled. Anything else is a failure.
    enum Ending: Equatable {
        case answered
        case cancelled
        case other(String)
    }

    static func race(delay: Duration, rounds: Int) throws -> [Ending] {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: delay))
        let request = try Fixture.request()
        let session = backend.session
        let ending = EndingBox<Ending?>(nil)
        var endings: [Ending] = []
        for round in 0..<rounds {
            let done = DispatchSemaphore(value: 0)
            let task = session.dataTask(with: request) { data, response, error in
                let outcome: Ending
                if let error = error as? URLError, error.code == .cancelled {
                    outcome = .cancelled
                } else if let data, let response, Fixture.status(response) == 200,
                    String(decoding: data, as: UTF8.self) == Fixture.pet
                {
                    outcome = .answered
                } else {
                    outcome = .other(String(describing: error ?? URLError(.unknown)))
                }
                ending.set(outcome)
                done.signal()
            }
            task.resume()
            // Cancel around the moment the answer goes out: before, at and after the delay.
            let nominal = Double(delay.components.attoseconds) / 1e12 + Double(delay.components.seconds) * 1e6
            usleep(UInt32(max(0, nominal - 500 + Double(round % 11) * 100)))
            task.cancel()
            guard done.wait(timeout: .now() + 10) == .success else {
                endings.append(.other("no completion within 10 s"))
                continue
            }
            endings.append(ending.take() ?? .other("no ending"))
        }
        return endings
    }

    @Test func cancellingAsADelayedAnswerArrivesNeverCrashes() throws {
        let endings = try Self.race(delay: .microseconds(1500), rounds: 800)
        #expect(endings.allSatisfy { $0 == .answered || $0 == .cancelled }, "\(Set(endings.map { "\($0)" }))")
        // Both outcomes occur, so the race was really run.
        #expect(endings.contains(.answered) && endings.contains(.cancelled))
    }

    @Test func cancellingAnImmediateAnswerNeverCrashes() throws {
        let endings = try Self.race(delay: .zero, rounds: 800)
        #expect(endings.allSatisfy { $0 == .answered || $0 == .cancelled }, "\(Set(endings.map { "\($0)" }))")
    }
}

/// The ending a completion handler reports, handed to the test thread.
final class EndingBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func take<Wrapped>() -> Value where Value == Wrapped? {
        lock.lock()
        defer { value = nil; lock.unlock() }
        return value
    }
}
