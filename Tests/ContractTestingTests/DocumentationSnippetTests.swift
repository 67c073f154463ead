import Foundation
import Testing

/// Every Swift code block of README.md and Docs/ compiles: each is found, line for line, in a test
/// source file (which the build compiles), with the imports it names. A block that is edited in the docs
/// and not in a test, or that no test holds, fails here. A `Package.swift` block is checked against the
/// package's own manifest instead: every product it names must exist.
@Suite struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A fenced ```swift block of a Markdown file.
    struct Snippet: CustomStringConvertible {
        var file: String
        var line: Int
        var lines: [String]
        var description: String { "\(file):\(line)" }
    }

    static func snippets() throws -> [Snippet] {
        let docs = root.appendingPathComponent("Docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        let files = [root.appendingPathComponent("README.md")] + names.sorted().map { docs.appendingPathComponent($0) }
        var found: [Snippet] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            var current: Snippet?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if var snippet = current {
                    if trimmed == "```" {
                        found.append(snippet)
                        current = nil
                    } else {
                        snippet.lines.append(String(line))
                        current = snippet
                    }
                } else if trimmed == "```swift" {
                    let name = file.path.replacingOccurrences(of: root.path + "/", with: "")
                    current = Snippet(file: name, line: index + 1, lines: [])
                }
            }
        }
        return found
    }

    /// The lines that must match: trimmed, without blank lines and imports.
    static func code(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    static func imports(_ lines: [String]) -> Set<String> {
        Set(lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("import ") })
    }

    static func testSources() throws -> [(path: String, lines: [String])] {
        let tests = root.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return [] }
        var sources: [(path: String, lines: [String])] = []
        for case let path as String in walker where path.hasSuffix(".swift") && !path.hasPrefix("Fixtures/") {
            let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            sources.append((path, text.components(separatedBy: "\n")))
        }
        return sources
    }

    @Test func everySwiftBlockIsCompiledInATest() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 10, "README.md and Docs/ should hold the documented examples")
        let sources = try Self.testSources().map { (imports: Self.imports($0.lines), code: Self.code($0.lines)) }
        for snippet in snippets where snippet.lines.first?.trimmingCharacters(in: .whitespaces) != "// Package.swift" {
            let wanted = Self.code(snippet.lines)
            let imports = Self.imports(snippet.lines)
            let holder = sources.first { source in
                source.imports.isSuperset(of: imports) && Self.contains(source.code, wanted)
            }
            #expect(holder != nil, "\(snippet): this Swift block is in no test file under Tests/ (copy it into one)")
        }
    }

    @Test func theManifestBlockNamesRealProducts() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let blocks = try Self.snippets().filter { $0.lines.first?.trimmingCharacters(in: .whitespaces) == "// Package.swift" }
        #expect(!blocks.isEmpty, "README.md shows how to add the package")
        for block in blocks {
            let text = block.lines.joined(separator: "\n")
            let products = Self.quoted(after: ".product(name: \"", in: text)
            #expect(!products.isEmpty, "\(block): names no product")
            for product in products {
                #expect(manifest.contains(".library(name: \"\(product)\""), "\(block): no library product \(product)")
            }
        }
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    static func quoted(after marker: String, in text: String) -> [String] {
        text.components(separatedBy: marker).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}
