// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ContractCheck",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9),
    ],
    products: [
        .library(name: "ContractJSON", targets: ["ContractJSON"]),
        .library(name: "ContractSchema", targets: ["ContractSchema"]),
    ],
    targets: [
        .target(name: "ContractJSON"),
        .testTarget(name: "ContractJSONTests", dependencies: ["ContractJSON"]),
        .target(name: "ContractSchema", dependencies: ["ContractJSON"]),
        .testTarget(name: "ContractSchemaTests", dependencies: ["ContractSchema", "ContractJSON"]),
    ]
)
