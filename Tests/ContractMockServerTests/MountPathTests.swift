import ContractMockServer
import ContractTestSupport
import Foundation
import Testing

/// The base paths the mock serves a contract under come from its servers as they resolve: a variable that
/// stands for the whole URL (Plex's `{full_server_url}`) is no path segment.
@Suite("Mock base paths")
struct MountPathTests {
    static let contract = """
        openapi: 3.1.1
        info: {title: Media, version: '1'}
        servers:
          - url: '{full_server_url}'
            variables: {full_server_url: {default: 'http://localhost:32400'}}
          - url: 'https://api.example.com/{version}'
            variables: {version: {default: v1, enum: [v1, v2]}}
        paths:
          /library/sections:
            get:
              responses: {'200': {description: Sections., content: {application/json: {schema: {type: array}}}}}
        """

    @Test func aVariableForTheWholeURLServesAtTheRoot() async throws {
        let folder = try Scratch.folder("mount-paths")
        let url = folder.appendingPathComponent("media.yaml")
        try Data(Self.contract.utf8).write(to: url)
        let server = try MockServer(contracts: [url], recording: .off, settings: MockServer.Settings { _ in })
        #expect(server.basePaths.map(\.paths) == [["/", "/{version}"]])
        try await RunningMock.with(contracts: [url]) { mock in
            let root = try await mock.send("/library/sections", authorized: false)
            #expect(root.status == 200)
            let versioned = try await mock.send("/v2/library/sections", authorized: false)
            #expect(versioned.status == 200)
        }
    }
}
