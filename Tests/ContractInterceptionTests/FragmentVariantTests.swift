import ContractInterception
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Operations that share a method and a path, told apart by a `#fragment` in their keys (Mistral declares
/// `POST /v1/conversations` and `POST /v1/conversations#stream`): a request calls the first one it
/// satisfies, and is answered by that one.
@Suite struct FragmentVariantTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: Conversations, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /conversations:
            post:
              operationId: startConversation
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, required: [inputs], properties: {inputs: {type: string}, stream: {const: false}}}
              responses:
                '200':
                  description: The conversation.
                  content: {application/json: {schema: {type: object, required: [id], properties: {id: {type: string}}}}}
          /conversations#stream:
            post:
              operationId: startConversationStream
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [inputs, stream]
                      properties: {inputs: {type: string}, stream: {const: true}}
              responses:
                '200':
                  description: The conversation's events.
                  content: {text/event-stream: {schema: {type: string}}}

        """

    @Test func theRequestCallsTheVariantItSatisfies() async throws {
        let (_, _, backend) = try WrittenContract.load(Self.contract, name: "conversations.yaml")
        let url = "https://api.example.com/conversations"
        let streamed = try await WrittenContract.answer(
            "POST", url, json: #"{"inputs": "hi", "stream": true}"#, from: backend)
        #expect(streamed.status == 200)
        let whole = try await WrittenContract.answer(
            "POST", url, json: #"{"inputs": "hi", "stream": false}"#, from: backend)
        #expect(whole.status == 200)
        #expect(whole.body.contains(#""id""#), "\(whole.body)")
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        #expect(backend.exchanges.map { $0.operation?.operationId } == ["startConversationStream", "startConversation"])
        // A request neither satisfies is reported against the first declared.
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer("POST", url, json: #"{"stream": "yes"}"#, from: backend)
        }
        #expect(Set(violations.map { $0.operation?.operationId }) == ["startConversation"], "\(violations)")
    }
}
