import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// The "nearest:" hint of a request that matches no documented path comes from an index: the same three
/// paths as measuring every template, without measuring every one, on a contract of 20,000 paths.
@Suite struct NearestPathIndexTests {
    static func contract(_ paths: [String], servers: [String]) throws -> Spec.Document {
        var lines = ["openapi: 3.1.0", "info: {title: wide, version: '1'}", "servers:"]
        lines += servers.map { "  - url: '\($0)'" }
        lines.append("paths:")
        for path in paths {
            lines.append("  '\(path)':")
            lines.append("    get: {responses: {'200': {description: ok}}}")
        }
        let file = Scratch.path("nearest", extension: "yaml")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try #require(ContractLoader().load(file, checks: []).document)
    }

    /// Paths of several shapes: literals, variables (alone and with text around them), nesting, a root.
    static func paths(_ count: Int) -> [String] {
        let words = ["pets", "owners", "items", "orders", "invoices", "tags", "files", "users"]
        var paths = ["/", "/health"]
        var index = 0
        while paths.count < count {
            let word = words[index % words.count]
            switch index % 4 {
            case 0: paths.append("/\(word)\(index)/items/{id}")
            case 1: paths.append("/\(word)\(index)")
            case 2: paths.append("/v\(index % 3)/\(word)/{id}/\(words[(index / 8) % words.count])\(index)")
            default: paths.append("/\(word)\(index)/{name}.json/history")
            }
            index += 1
        }
        return paths
    }

    /// How different a template is from a request's segments, measured as the hint is documented to.
    static func distance(_ template: PathTemplate, _ request: [String]) -> Int {
        var total = 0
        for index in 0..<max(template.segments.count, request.count) {
            let actual = index < request.count ? request[index] : nil
            let wanted = index < template.segments.count ? template.segments[index] : nil
            switch (wanted, actual) {
            case (.literal(let literal)?, let actual?): total += EditDistanceOracle.between(literal, actual)
            case (.template?, let actual?): total += actual.isEmpty ? 1 : 0
            case (.literal(let literal)?, nil): total += max(literal.count, 1)
            case (.template?, nil): total += 4
            case (nil, let actual?): total += max(actual.count, 1)
            case (nil, nil): break
            }
        }
        return total
    }

    static func nearest(_ request: HTTPRequest, _ verifier: ContractVerifier) -> [String]? {
        guard case .pathNotFound(_, let nearest) = verifier.route(request) else { return nil }
        return nearest
    }

    @Test("the same three paths as measuring every template, under two servers")
    func sameAsMeasuringEveryTemplate() throws {
        let paths = Self.paths(600)
        let document = try Self.contract(paths, servers: ["https://api.example.com/v1", "https://api.example.com"])
        let verifier = ContractVerifier(document: document)
        let templates = document.operations.map(\.template)
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for round in 0..<150 {
            var segments = paths[Int.random(in: 0..<paths.count, using: &generator)].split(
                separator: "/", omittingEmptySubsequences: false
            ).dropFirst().map { $0.replacingOccurrences(of: "{id}", with: "42").replacingOccurrences(of: "{name}", with: "n") }
            // One edit: a letter changed, a segment dropped, one added, or an empty one; or a path far from
            // every template, of one to four segments.
            let place = Int.random(in: 0..<segments.count, using: &generator)
            switch round % 5 {
            case 0: segments[place] = String(segments[place].dropLast()) + "q"
            case 1 where segments.count > 1: segments.remove(at: place)
            case 2: segments.insert("extra", at: place)
            case 3: segments[place] = ""
            default: segments = Array(repeating: "zq\(round)", count: 1 + round % 4)
            }
            let path = "/" + segments.joined(separator: "/")
            let request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/v1" + path))
            guard let found = Self.nearest(request, verifier) else { continue }
            // The segments after each server: `/v1` and `/`.
            let candidates = [segments, ["v1"] + segments]
            let measured = templates.enumerated().map { offset, template in
                (distance: candidates.map { Self.distance(template, $0) }.min() ?? .max, offset: offset)
            }
            let expected = measured.sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }.prefix(3)
                .map { templates[$0.offset].text }
            #expect(found == expected, "\(path)")
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test("unrouted requests against 20,000 paths: the nearest paths without measuring every template")
    func twentyThousandPaths() throws {
        let document = try Self.contract(Self.paths(20_000), servers: ["https://api.example.com"])
        let verifier = ContractVerifier(document: document)
        let request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/pets8/itemz/7"))
        #expect(Self.nearest(request, verifier)?.first == "/pets8/items/{id}")
        let rounds = 300
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for round in 0..<rounds {
                // A documented first segment and a misspelt second one, as a client with a typo sends.
                let url = "https://api.example.com/pets\((round * 8) % 19_992)/itens/\(round)"
                if let request = HTTPRequest(method: "GET", url: url) { _ = verifier.verifyRequest(request) }
            }
        }
        // A debug build on a shared two-core machine; measuring every template took about half a second a
        // request here, three minutes for these.
        #expect(elapsed < .seconds(60), "\(elapsed / rounds) per unrouted request")
        print("nearest paths: \(elapsed / rounds) per unrouted request against 20,000 paths (debug build)")
    }
}

/// Levenshtein distance over Unicode scalars, filled in full: the measure the index must agree with.
enum EditDistanceOracle {
    static func between(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        var previous = Array(0...right.count)
        for row in left.indices {
            var current = [row + 1]
            for column in right.indices {
                let substitution = previous[column] + (left[row] == right[column] ? 0 : 1)
                current.append(min(previous[column + 1] + 1, current[column] + 1, substitution))
            }
            previous = current
        }
        return previous[right.count]
    }
}
