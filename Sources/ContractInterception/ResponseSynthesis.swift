import ContractExamples
import ContractJSON
import ContractSpec
import ContractVerify
import Foundation

/// Builds the contract's responses with `ExampleSynthesizer`: the named example, the media type's
/// examples, else values generated from the schemas; headers the response declares; the body encoded
/// as its media type says.
///
/// Synthesis is deterministic (the same operation, status, example, mode and media type give the same bytes), so
/// each answer is built once and kept, with whether the verifier found it clean: verifying identical
/// bytes against the same operation and method gives the same result, so a clean answer is not checked
/// again. Answers that broke the contract are checked every time, so each exchange reports them.
final class ResponseSynthesis: Sendable {
    /// Why no response could be built.
    struct Failure: Error, Sendable {
        var message: String
    }

    /// A built answer and whether it verified clean.
    struct Answer: Sendable {
        /// The response as the protocol sends it, prepared once, with the response itself.
        var wire: ResponseWire
        var isClean: Bool?

        var response: HTTPResponse { wire.response }
    }

    /// A kept answer and what it depends on besides its operation. `Accept` as sent, not the media type
    /// it selects: finding that is most of the cost of a lookup, and a client sends the same `Accept`
    /// every time. `streams`: whether the request asked for the event stream (`"stream": true`).
    private struct Entry {
        var choice: SynthesisChoice
        var accept: String?
        var streams: Bool
        var answer: Answer
    }

    private let synthesizer: ExampleSynthesizer
    /// The kept answers by operation index (`RouteMatch.operationIndex`), each operation's few entries
    /// compared in turn: hashing a key of strings for a dictionary cost more than the rest of a lookup.
    private let answers = Locked<[[Entry]]>([])
    /// Whether an operation (by index) has a response offering `text/event-stream`: only for those is a
    /// request's body read for `"stream": true`. Found when a request with a body first asks, not for
    /// every operation at load (a few percent of a large contract's first use in a debug build).
    private let eventStreamOffers = Locked<[Int: Bool]>([:])

    init(document: Spec.Document) {
        synthesizer = ExampleSynthesizer(document: document)
    }

    /// Whether the request asks the operation (at `operationIndex`) for its event stream: its JSON body says
    /// `"stream": true` and one of the operation's responses offers `text/event-stream`.
    func asksToStream(
        _ request: HTTPRequest, operation: @autoclosure () -> Spec.Operation, operationIndex: Int
    ) -> Bool {
        guard let bytes = request.body.bytes, !bytes.isEmpty,
            offersEventStream(operation, operationIndex: operationIndex),
            let value = try? JSONParser.parse(bytes)
        else { return false }
        return value["stream"]?.boolValue == true
    }

    private func offersEventStream(_ operation: () -> Spec.Operation, operationIndex: Int) -> Bool {
        if let known = eventStreamOffers.withLock({ $0[operationIndex] }) { return known }
        let offers = operation().responses.contains { $0.content.contains { Self.isEventStream($0) } }
        eventStreamOffers.withLock { $0[operationIndex] = offers }
        return offers
    }

    private static func isEventStream(_ media: Spec.MediaType) -> Bool {
        MediaTypeName(media.name).flatMap(SequenceFraming.init) == .eventStream
    }

    /// The answer for `operation` (at `operationIndex` in the document), built or from the cache. The
    /// operation is read only to build an answer: on a hit, copying it out of the match would cost more
    /// than the lookup.
    func answer(
        for operation: @autoclosure () -> Spec.Operation, operationIndex: Int, choice: SynthesisChoice,
        accept: String?, streams: Bool = false
    ) -> Result<Answer, Failure> {
        let cached = answers.withLock { answers in
            Self.position(in: answers, operationIndex, choice, accept, streams).map {
                answers[operationIndex][$0].answer
            }
        }
        if let cached { return .success(cached) }
        let operation = operation()
        let status = Self.status(of: operation, asked: choice.status)
        let media = Self.mediaType(of: operation.response(for: status), accept: accept, streams: streams)
        do throws(ExampleError) {
            let mode = choice.mode
            let sources: ExampleSources = choice.generated ? .generatedOnly : .contractFirst
            var headers = HTTPHeaders()
            for header in try synthesizer.responseHeaders(for: operation, status: status, mode: mode, sources: sources)
            {
                headers.add(header.name, header.text)
            }
            var body = HTTPBody.empty
            var pieces: [[UInt8]] = []
            if let media {
                headers.set("Content-Type", BodyEncoding.contentType(media.name))
                if let sequence = SequentialBody(
                    media: media, operation: operation, schemas: synthesizer.document.compiledSchemas),
                    sequence.itemSchema != nil
                {
                    pieces = try StreamSynthesis(synthesizer: synthesizer).pieces(sequence, mode: mode)
                    body = .bytes(Array(pieces.joined()))
                } else if media.schema == nil && media.examples.isEmpty {
                    body = .bytes(BodyEncoding.placeholder(for: media.name))
                } else {
                    let synthesized = try synthesizer.responseBody(
                        for: operation, status: status, mediaType: media.name, exampleName: choice.example, mode: mode,
                        sources: sources)
                    body = .bytes(BodyEncoding.bytes(synthesized.value, mediaType: media.name))
                }
            }
            let response = HTTPResponse(status: status, headers: headers, body: body)
            let answer = Answer(wire: ResponseWire(response, pieces: pieces.map { Data($0) }), isClean: nil)
            // Kept before it is verified too, so answers that are never verified (the contract's own
            // error responses to invalid requests) are built once as well.
            answers.withLock { answers in
                guard Self.position(in: answers, operationIndex, choice, accept, streams) == nil else { return }
                if operationIndex >= answers.count {
                    answers.append(contentsOf: repeatElement([], count: operationIndex + 1 - answers.count))
                }
                answers[operationIndex].append(Entry(choice: choice, accept: accept, streams: streams, answer: answer))
            }
            return .success(answer)
        } catch {
            return .failure(Failure(message: (error.location.map { "\($0): " } ?? "") + error.message))
        }
    }

    /// Remembers a verified answer (built by `answer(for:operationIndex:choice:accept:streams:)`, which
    /// kept it).
    func store(_ answer: Answer, operationIndex: Int, choice: SynthesisChoice, accept: String?, streams: Bool) {
        answers.withLock { answers in
            guard let position = Self.position(in: answers, operationIndex, choice, accept, streams) else { return }
            answers[operationIndex][position].answer = answer
        }
    }

    /// Where the answer for these choices sits among the operation's entries, if it is kept.
    private static func position(
        in answers: [[Entry]], _ operationIndex: Int, _ choice: SynthesisChoice, _ accept: String?, _ streams: Bool
    ) -> Int? {
        guard operationIndex < answers.count else { return nil }
        return answers[operationIndex].firstIndex {
            $0.accept == accept && $0.streams == streams && $0.choice == choice
        }
    }

    /// The status to send: the one asked for, else the first documented success (`2XX` sends 200).
    static func status(of operation: Spec.Operation, asked: Int?) -> Int {
        if let asked { return asked }
        for response in operation.responses {
            switch response.status {
            case .code(let code) where (200..<300).contains(code): return code
            case .range(2): return 200
            default: continue
            }
        }
        return 200
    }

    /// The response's `text/event-stream` when the request asked to stream, else the media type the
    /// request's `Accept` prefers, else the first JSON one, else the first.
    static func mediaType(of response: Spec.Response?, accept: String?, streams: Bool = false) -> Spec.MediaType? {
        guard let content = response?.content, !content.isEmpty else { return nil }
        if streams, let stream = content.first(where: isEventStream) { return stream }
        if let accept {
            let ranges = accept.split(separator: ",").compactMap { MediaTypeName($0) }
            for range in ranges where range.essence != "*/*" {
                if let match = content.first(where: { MediaTypeName($0.name).map(range.includes) ?? false }) {
                    return match
                }
            }
        }
        return content.first { MediaTypeName($0.name)?.isJSON ?? false } ?? content.first
    }
}
