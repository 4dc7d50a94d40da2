"""The Apache Kafka server's jars, resolved from Maven Central by `deploy/kafka/pom.xml` once
per machine into `~/.cache/starledger/kafka-<version>-<pom digest>/libs`, and the Java that
runs them."""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

POM = Path(__file__).resolve().parents[2] / "deploy" / "kafka" / "pom.xml"
MAVEN_NS = {"m": "http://maven.apache.org/POM/4.0.0"}
JAVA_NEEDED = 17  # Apache Kafka 4's broker


def kafka_version() -> str:
    version = ET.parse(POM).find("m:properties/m:kafka.version", MAVEN_NS)
    if version is None or not version.text:
        raise RuntimeError(f"{POM} names no kafka.version")
    return version.text


def libs_folder() -> Path:
    """Where this pom's jars live; the digest makes a changed pom resolve anew."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(POM.read_bytes()).hexdigest()[:8]
    return cache / "starledger" / f"kafka-{kafka_version()}-{digest}" / "libs"


def java_major() -> int | None:
    """The major version `java -version` reports (8 for "1.8.0_…"), None without a Java."""
    try:
        said = subprocess.run(["java", "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r'version "(\d+)(?:\.(\d+))?', said.stderr + said.stdout)
    if found is None:
        return None
    major = int(found[1])
    return int(found[2] or 0) if major == 1 else major


def kafka_runs_here() -> bool:
    """Java 17+, and the jars cached or Maven to fetch them."""
    major = java_major()
    return (
        major is not None
        and major >= JAVA_NEEDED
        and (libs_folder().is_dir() or shutil.which("mvn") is not None)
    )


def kafka_libs() -> Path:
    """The folder of the server's jars, fetched with Maven first if this machine has none."""
    libs = libs_folder()
    if libs.is_dir():
        return libs
    libs.parent.mkdir(parents=True, exist_ok=True)
    print(
        f"fetching Apache Kafka {kafka_version()}'s jars with Maven into {libs}/ (once)",
        file=sys.stderr,
        flush=True,
    )
    partial = libs.with_name(f"libs.{os.getpid()}.partial")  # never a half-copied libs/
    subprocess.run(
        [
            "mvn",
            "--quiet",
            "--batch-mode",
            "-Dstyle.color=never",
            "--file",
            str(POM),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={partial}",
        ],
        check=True,
    )
    try:
        partial.rename(libs)
    except OSError:  # another process resolved them meanwhile
        shutil.rmtree(partial)
    return libs
