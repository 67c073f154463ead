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

    /// Runs `rounds` requests, each cancelled close around the moment its answer goes out (offsets in
    /// 100 µs steps from 0.5 ms before the delay), where the race is. When one of the two endings has not
    /// occurred (a loaded machine may fire a 1.5 ms timer late), up to 400 more rounds sweep from
    /// cancelling at once to well after the delay, so that the test knows both paths ran.
    static func race(delay: Duration, rounds: Int) throws -> [Ending] {
        let backend = try Fixture.backend()
        backend.stub("getPet", Fixture.petResponse.delayed(by: delay))
        let request = try Fixture.request()
        let session = backend.session
        let nominal = Double(delay.components.attoseconds) / 1e12 + Double(delay.components.seconds) * 1e6
        var endings: [Ending] = []
        for round in 0..<rounds {
            endings.append(run(request, on: session, cancelAfter: max(0, nominal - 500 + Double(round % 11) * 100)))
        }
        var sweep = 0
        while !(endings.contains(.answered) && endings.contains(.cancelled)), sweep < 400 {
            endings.append(run(request, on: session, cancelAfter: Double(sweep % 21) * max(nominal, 1_000) / 6))
            sweep += 1
        }
        return endings
    }

    /// One request, cancelled after `microseconds`, and how it ended.
    static func run(_ request: URLRequest, on session: URLSession, cancelAfter microseconds: Double) -> Ending {
        let ending = EndingBox<Ending?>(nil)
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
        usleep(UInt32(microseconds))
        task.cancel()
        guard done.wait(timeout: .now() + 10) == .success else { return .other("no completion within 10 s") }
        return ending.take() ?? .other("no ending")
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
