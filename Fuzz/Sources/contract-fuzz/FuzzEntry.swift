import Foundation

/// The target this process fuzzes, read once from `CONTRACT_FUZZ_TARGET`.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CONTRACT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("set CONTRACT_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer calls this once before the first input: an unknown target stops the run here.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    selectedTarget.prepare()
    return 0
}

/// libFuzzer calls this for every input. The bytes are copied into an array at once, so no target sees a
/// raw pointer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    selectedTarget.run(bytes)
    return 0
}
