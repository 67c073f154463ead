import Testing

@testable import ContractSpec

/// `$ref` file paths are joined and made standard as text, the way `URL.standardizedFileURL` does.
@Suite("file paths of $refs")
struct FilePathTests {
    @Test(
        "joined to the referring file's folder, . and .. read by the text",
        arguments: [
            ("models/pet.yml", "/work/api", "/work/api/models/pet.yml"),
            ("./models/./pet.yml", "/work/api", "/work/api/models/pet.yml"),
            ("../../shared/responses/unauthorized.yml", "/work/api/resources/droplets", "/work/api/shared/responses/unauthorized.yml"),
            ("../../../../../etc/passwd", "/work/api", "/etc/passwd"),
            ("/srv/contracts/common.yaml", "/work/api", "/srv/contracts/common.yaml"),
            ("a//b/", "/work", "/work/a/b"),
            ("..", "/", "/"),
        ])
    func joined(path: String, directory: String, expected: String) {
        #expect(FilePath.joined(path, toDirectory: directory) == expected)
    }

    @Test func directories() {
        #expect(FilePath.directory(of: "/work/api/openapi.yaml") == "/work/api")
        #expect(FilePath.directory(of: "/openapi.yaml") == "/")
    }
}
