import ContractExamples
import ContractJSON
import ContractSpec
import ContractVerify

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
        var response: HTTPResponse
        var isClean: Bool?
        /// The response as the protocol sends it, prepared once.
        var wire: ResponseWire
    }

    /// What an answer depends on. `Accept` as sent, not the media type it selects: finding that is most
    /// of the cost of a lookup, and a client sends the same `Accept` every time.
    private struct Key: Hashable {
        var operation: String
        var choice: SynthesisChoice
        var accept: String?
    }

    private let synthesizer: ExampleSynthesizer
    private let answers = Locked<[Key: Answer]>([:])

    init(document: Spec.Document) {
        synthesizer = ExampleSynthesizer(document: document)
    }

    /// The answer for `operation` (whose key is `operationKey`), built or from the cache. The operation is
    /// read only to build an answer: on a hit, copying it out of the match would cost more than the lookup.
    func answer(
        for operation: @autoclosure () -> Spec.Operation, operationKey: String, choice: SynthesisChoice,
        accept: String?
    ) -> Result<Answer, Failure> {
        let key = Key(operation: operationKey, choice: choice, accept: accept)
        if let answer = answers.withLock({ $0[key] }) { return .success(answer) }
        let operation = operation()
        let status = Self.status(of: operation, asked: choice.status)
        let media = Self.mediaType(of: operation.response(for: status), accept: accept)
        do throws(ExampleError) {
            let mode = choice.mode
            var headers = HTTPHeaders()
            for header in try synthesizer.responseHeaders(for: operation, status: status, mode: mode) {
                headers.add(header.name, header.text)
            }
            var body = HTTPBody.empty
            if let media {
                headers.set("Content-Type", BodyEncoding.contentType(media.name))
                if media.schema == nil && media.examples.isEmpty {
                    body = .bytes(BodyEncoding.placeholder(for: media.name))
                } else {
                    let synthesized = try synthesizer.responseBody(
                        for: operation, status: status, mediaType: media.name, exampleName: choice.example, mode: mode)
                    body = .bytes(BodyEncoding.bytes(synthesized.value, mediaType: media.name))
                }
            }
            let response = HTTPResponse(status: status, headers: headers, body: body)
            let answer = Answer(response: response, isClean: nil, wire: ResponseWire(response))
            // Kept before it is verified too, so answers that are never verified (the contract's own
            // error responses to invalid requests) are built once as well.
            answers.withLock { $0[key] = $0[key] ?? answer }
            return .success(answer)
        } catch {
            return .failure(Failure(message: error.message))
        }
    }

    /// Remembers a verified answer.
    func store(_ answer: Answer, operationKey: String, choice: SynthesisChoice, accept: String?) {
        let key = Key(operation: operationKey, choice: choice, accept: accept)
        answers.withLock { $0[key] = answer }
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

    /// The response's media type the request's `Accept` prefers, else the first JSON one, else the first.
    static func mediaType(of response: Spec.Response?, accept: String?) -> Spec.MediaType? {
        guard let content = response?.content, !content.isEmpty else { return nil }
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
