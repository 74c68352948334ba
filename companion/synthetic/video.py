"""Write a table script to disk as a video ``companion replay`` reads.

A folder gets one image per frame (``frame-000000.png`` ..., name order is time
order); a ``.mp4`` or ``.avi`` path gets a video file (MJPG in AVI keeps the codes
sharpest; MP4 uses OpenCV's ``mp4v``). Frames are rendered and written one at a
time, so a long game needs the memory of one frame.

    count = write_video(table_script(record), Path("/tmp/game"), scene=Scene(seed=1))
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.synthetic.scene import Scene, SceneFrame
from companion.synthetic.scripts import TableScript

VIDEO_CODECS = {".mp4": "mp4v", ".avi": "MJPG"}
IMAGE_SUFFIXES = (".png", ".jpg")


def write_video(
    script: TableScript,
    out: Path,
    *,
    scene: Scene | None = None,
    fps: float = 10.0,
    image_suffix: str = ".png",
    on_frame: Callable[[SceneFrame], None] | None = None,
) -> int:
    """Render ``script`` into ``out`` (a folder, or a ``.mp4`` / ``.avi`` file); return
    the number of frames. ``on_frame`` sees each frame (the truth, for benchmarks)."""
    import cv2

    scene = scene if scene is not None else Scene()
    suffix = out.suffix.lower()
    if suffix in VIDEO_CODECS:
        out.parent.mkdir(parents=True, exist_ok=True)
        fourcc = cv2.VideoWriter.fourcc(*VIDEO_CODECS[suffix])
        writer = cv2.VideoWriter(str(out), fourcc, fps, scene.size)
        if not writer.isOpened():
            raise OSError(f"{out}: OpenCV cannot write {suffix} videos here")
        count = 0
        try:
            for frame in scene.frames(script.steps, fps=fps):
                writer.write(frame.image)
                if on_frame is not None:
                    on_frame(frame)
                count += 1
        finally:
            writer.release()
        return count
    if image_suffix not in IMAGE_SUFFIXES:
        raise ValueError(f"write_video: frames are {' or '.join(IMAGE_SUFFIXES)}")
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for frame in scene.frames(script.steps, fps=fps):
        path = out / f"frame-{frame.index:06d}{image_suffix}"
        if not cv2.imwrite(str(path), frame.image):
            raise OSError(f"{path}: cannot write the frame")
        if on_frame is not None:
            on_frame(frame)
        count += 1
    return count
